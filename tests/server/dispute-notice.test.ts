// The team resolves a payment dispute (issue 31): both sides of the booking are told through the
// notification queue, over HTTP, the SMTP sink and the local push service: a side with a push
// device gets one push, a side without one gets one e-mail (in their language), each naming the
// booking, its total and the team's resolution; nobody else gets anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../scripts/push-service';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

const BOSS = 'disputes.boss@carry.example';
let server: TestServer;
let push: PushService;
let smtp: SmtpSink;
let staff: TestUser;

beforeAll(async () => {
  push = await startPushService();
  smtp = await startSmtpSink();
  server = await createTestServer({
    config: { staffEmails: [BOSS] },
    notify: {
      smtpUrl: smtp.url,
      appUrl: 'http://localhost:8080',
      allowHttpPushEndpoints: true,
      pushServiceHosts: [new URL(push.origin).host],
      vapidSubject: 'mailto:ops@carry.example',
    },
  });
  staff = await signupAndLogin(server, { email: BOSS });
});
afterAll(async () => {
  await server.close();
  await push.close();
  await smtp.close();
});

const mailsTo = (user: TestUser) => smtp.messages.filter((m) => m.to.includes(user.email));
const pushedTo = (device: string) =>
  push.received
    .filter((r) => r.name === device)
    .map((r) => r.payload as { title: string; body: string; url: string });

/** A disputed booking of 2 KG at ₹50,000 per KG (₹1,00,000) on flight AI531; returns its dispute's id. */
async function disputed(carrier: TestUser, traveller: TestUser) {
  const bookingId = await book(traveller, await addListing(carrier, { flightNo: 'AI531', cost: 50_000 }), 2);
  await carrier.call('PUT', '/api/bookings/update-status', { listingId: bookingId, status: 'accepted' });
  await traveller.call('POST', `/api/bookings/${bookingId}/payment-claim`, { reference: '412345678901' });
  expect(
    (await carrier.call('POST', `/api/bookings/${bookingId}/payment-answer`, { answer: 'dispute' })).status,
  ).toBe(200);
  const list = (await (
    await staff.call('GET', `/api/team/disputes?q=${encodeURIComponent(traveller.email)}`)
  ).json()) as { items: Array<{ id: string }> };
  const id = list.items[0]?.id;
  if (!id) throw new Error('no dispute listed');
  return { bookingId, disputeId: id };
}

describe('resolving a payment dispute tells both sides', () => {
  it('pushes to a side with a device, mails a side without one (in Hindi for a Hindi account), once each, and nobody else', async () => {
    const carrier = await signupAndLogin(server, { name: 'Asha Rao' });
    const traveller = await signupAndLogin(server, { name: 'Ravi Kumar' });
    const bystander = await signupAndLogin(server);
    expect(
      (await carrier.call('POST', '/api/push/subscriptions', push.subscription('asha-phone'))).status,
    ).toBe(201);
    expect(
      (await bystander.call('POST', '/api/push/subscriptions', push.subscription('bystander'))).status,
    ).toBe(201);
    expect((await traveller.call('PUT', '/api/profile/locale', { locale: 'hi' })).status).toBe(200);
    const { bookingId, disputeId } = await disputed(carrier, traveller);
    // The claim and the dispute told each side once already: count only what the resolution adds.
    await server.notifier.drain();
    const pushesBefore = pushedTo('asha-phone').length;
    const mailsBefore = mailsTo(traveller).length;
    const carrierMailsBefore = mailsTo(carrier).length;

    const resolution = 'Called both: the UPI payment failed, and the traveller paid Asha in cash.';
    const res = await staff.call('POST', `/api/team/disputes/${disputeId}/resolve`, { reason: resolution });
    expect(res.status).toBe(200);
    await server.notifier.drain();
    await server.notifier.drain();

    // The traveller (no device, Hindi): one mail, in Hindi, naming the booking, total and resolution.
    const mail = await smtp.waitFor(traveller.email, mailsBefore);
    expect(mail.subject).toBe('भुगतान का विवाद सुलझ गया');
    expect(mail.text).toContain('Carry टीम ने आपकी 2 KG की बुकिंग (₹1,00,000) पर भुगतान का विवाद सुलझा दिया है।');
    expect(mail.text).toContain(
      `बुकिंग ${bookingId.slice(0, 8).toUpperCase()}: फ़्लाइट AI531, 2 KG, कुल ₹1,00,000`,
    );
    expect(mail.text).toContain(`Carry टीम का फ़ैसला: ${resolution}`);
    expect(mail.text).toContain(`http://localhost:8080/mybookings?booking=${bookingId}`);
    expect(mailsTo(traveller)).toHaveLength(mailsBefore + 1);

    // The carrier (a device): one push, no mail; the push names the size and total, not the flight or the words.
    const pushes = pushedTo('asha-phone').slice(pushesBefore);
    expect(pushes).toEqual([
      expect.objectContaining({
        title: 'Payment dispute resolved',
        body: 'The Carry team resolved the payment dispute on your booking of 2 KG (₹1,00,000). Open Carry to see the booking.',
        url: `/carrier/orders?booking=${bookingId}`,
      }),
    ]);
    expect(JSON.stringify(pushes)).not.toMatch(/AI531|cash|Asha/);
    expect(mailsTo(carrier)).toHaveLength(carrierMailsBefore);

    // Someone who is not a party: nothing.
    expect(pushedTo('bystander')).toEqual([]);
    expect(mailsTo(bystander)).toEqual([]);
  });

  it('mails an English side without a device in English, and a second resolve tells nobody again', async () => {
    const carrier = await signupAndLogin(server, { name: 'Asha Rao' });
    const traveller = await signupAndLogin(server, { name: 'Ravi Kumar' });
    const { bookingId, disputeId } = await disputed(carrier, traveller);
    await server.notifier.drain();
    const before = { carrier: mailsTo(carrier).length, traveller: mailsTo(traveller).length };

    const resolution =
      'The bank reversed the failed payment; the traveller paid again and the carrier confirmed.';
    expect(
      (await staff.call('POST', `/api/team/disputes/${disputeId}/resolve`, { reason: resolution })).status,
    ).toBe(200);
    await server.notifier.drain();
    await server.notifier.drain();
    const mail = await smtp.waitFor(carrier.email, before.carrier);
    expect(mail.subject).toBe('Payment dispute resolved');
    expect(mail.text).toContain(
      'The Carry team resolved the payment dispute on your booking of 2 KG (₹1,00,000).',
    );
    expect(mail.text).toContain(
      `Booking ${bookingId.slice(0, 8).toUpperCase()}: flight AI531, 2 KG, total ₹1,00,000`,
    );
    expect(mail.text).toContain(`Resolution by the Carry team: ${resolution}`);
    expect(mail.text).toContain(`http://localhost:8080/carrier/orders?booking=${bookingId}`);

    const again = await staff.call('POST', `/api/team/disputes/${disputeId}/resolve`, { reason: resolution });
    expect(again.status).toBe(409);
    await server.notifier.drain();
    expect(mailsTo(carrier)).toHaveLength(before.carrier + 1);
    expect(mailsTo(traveller)).toHaveLength(before.traveller + 1);
  });
});
