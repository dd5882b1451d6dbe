// The account mails in the recipient's language (issue 32, docs/i18n.md): the password reset, the
// receipt both sides get on completion, the news of a suspension and the team's warning are written from
// messages/server/<locale>.json in the account's language (users.locale; none: English).
// Delivered over SMTP to the local sink and decoded as a mail client would.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { jsonInit, signupAndLogin, type TestUser } from '../support/server-users';

const BOSS = `boss-locale${Date.now()}@example.com`;
/** Latin words with a small letter (codes such as KG, UPI, DEL are capitals), other than the name Carry. */
const ENGLISH_WORDS = /\b(?!Carry\b)[A-Za-z]*[a-z][A-Za-z]*\b/g;
/** A month as hi-IN writes it in a date ('दिस॰', 'मई': Devanagari), and one as English does. */
const HINDI_MONTH = '[\\u0900-\\u097F]+';
const ENGLISH_MONTH = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/;
let server: TestServer;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await createTestServer({
    config: { staffEmails: [BOSS], signupLimitPerHour: 10_000, loginMaxSuccessesPerAccount: 10_000 },
    notify: { smtpUrl: smtp.url, appUrl: 'https://carry.example' },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

let staffUser: TestUser | undefined;
/** The team member (signed up once: an address has one account). */
const boss = async () => {
  staffUser ??= await signupAndLogin(server, { email: BOSS });
  return staffUser;
};

async function inHindi(user: TestUser): Promise<void> {
  expect((await user.call('PUT', '/api/profile/locale', { locale: 'hi' })).status).toBe(200);
}

/** The English words left in a mail meant to be Hindi (ids, links and addresses taken out). */
const englishIn = (text: string, ...keep: string[]) =>
  keep.reduce((t, k) => t.replaceAll(k, ''), text.replace(/\S+@\S+/g, '')).match(ENGLISH_WORDS) ?? [];

describe('account mails in the account language', () => {
  it('writes the password reset in Hindi to a Hindi account, in English to another', async () => {
    const hindi = await signupAndLogin(server);
    const english = await signupAndLogin(server);
    await inHindi(hindi);
    for (const user of [hindi, english]) {
      const res = await server.request('/auth/forgot-password', jsonInit('POST', { email: user.email }));
      expect(res.status).toBe(200);
    }
    await server.notifier.drain();
    const hi = await smtp.waitFor(hindi.email);
    expect(hi.subject).toBe('अपना Carry पासवर्ड बदलें');
    expect(hi.text).toContain('नया पासवर्ड यहाँ चुनें।');
    expect(hi.text).toMatch(/https:\/\/carry\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(englishIn(hi.text.replace(/https:\S+/, ''))).toEqual([]);
    const en = await smtp.waitFor(english.email);
    expect(en.subject).toBe('Reset your Carry password');
    expect(en.text).toContain('Choose a new password here. The link works for 30 minutes, once:');
  });

  it('writes the receipt to each side in their own language, dates and times too', async () => {
    const carrier = await signupAndLogin(server);
    const traveller = await signupAndLogin(server);
    await inHindi(carrier);
    // From Dubai: the departure is on Dubai's clock, its zone named (the mail is read in India).
    const listing = await addListing(carrier, { from: 'DXB', to: 'DEL', flightNo: 'AI321', cost: 500 });
    const id = await book(traveller, listing, 4);
    await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
    await carrier.call('POST', `/api/bookings/${id}/payment-received`, { method: 'cash' });
    expect((await completeWithCode(carrier, traveller, id)).status).toBe(200);
    await server.notifier.drain();

    const hi = await smtp.waitFor(carrier.email);
    expect(hi.subject).toBe(`रसीद: Carry बुकिंग AI321 (${id.slice(0, 8).toUpperCase()})`);
    expect(hi.text).toContain('आपकी Carry बुकिंग पूरी हो गई है। यह उसकी रसीद है।');
    expect(hi.text).toMatch(/कीमत: +₹500 प्रति KG × 4 KG = ₹2,000/);
    expect(hi.text).toMatch(/भुगतान: +भुगतान हो गया \(नकद\)/);
    // Dates with Hindi month names ('17 दिस॰ 2026'), the departure at 10:30 Dubai time.
    expect(hi.text).toMatch(new RegExp(`रवानगी: +\\d+ ${HINDI_MONTH} \\d{4}, 10:30 am GMT\\+4`));
    expect(hi.text).toMatch(new RegExp(`पूरी हुई: +\\d+ ${HINDI_MONTH} \\d{4}, \\d+:\\d\\d [ap]m`));
    expect(hi.text).not.toMatch(ENGLISH_MONTH);
    // Names, the booking's id and codes are all that may stay Latin ('am' and 'pm' are hi-IN's own).
    expect(englishIn(hi.text.replace(/\b[ap]m\b/g, ''), id, carrier.name, traveller.name)).toEqual([]);

    const en = await smtp.waitFor(traveller.email);
    expect(en.subject).toBe(`Receipt: Carry booking AI321 (${id.slice(0, 8).toUpperCase()})`);
    expect(en.text).toContain('Your Carry booking is completed. This is its receipt.');
    expect(en.text).toMatch(/Price: +₹500 per KG × 4 KG = ₹2,000/);
    expect(en.text).toMatch(/Payment: +Paid \(Cash\)/);
    expect(en.text).toMatch(/Route: +DXB → DEL/);
    expect(en.text).toMatch(
      /Departure: +\d+ (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, 10:30 am GST/,
    );
    expect(en.text).toMatch(/Completed: +\d+ [A-Z][a-z]{2} \d{4}, \d+:\d\d [ap]m/);
  });

  it('tells a Hindi account of its suspension in Hindi', async () => {
    const staff = await boss();
    const user = await signupAndLogin(server);
    await inHindi(user);
    const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const res = await staff.call('POST', `/api/team/users/${row?.id}/suspend`, {
      reason: 'Asked travellers to pay outside the app.',
    });
    expect(res.status).toBe(200);
    await server.notifier.drain();
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('आपका Carry खाता सस्पेंड कर दिया गया है');
    expect(mail.text).toContain('Carry टीम ने आपका खाता सस्पेंड कर दिया है');
    expect(mail.text).toContain('Carry टीम');
    expect(englishIn(mail.text)).toEqual([]);
  });

  it("writes the team's warning in Hindi to a Hindi account, the team's own reason as written", async () => {
    const staff = await boss();
    const reporter = await signupAndLogin(server);
    const user = await signupAndLogin(server);
    await inHindi(user);
    const report = await reporter.call('POST', '/api/reports', {
      kind: 'user',
      email: user.email,
      reason: 'spam',
    });
    const { id } = (await report.json()) as { id: string };
    const reason = 'Please stop sending offers by message.';
    expect((await staff.call('POST', `/api/team/reports/${id}/warn`, { reason })).status).toBe(200);
    await server.notifier.drain();
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Carry टीम की ओर से चेतावनी');
    expect(mail.text).toContain('किसी ने आपके खाते की शिकायत की, और Carry टीम ने उसकी जाँच की।');
    expect(mail.text).toContain(reason);
    expect(englishIn(mail.text, reason)).toEqual([]);
  });
});
