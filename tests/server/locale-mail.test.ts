// Mails in the recipient's language (issue 32): the account's language (PUT /api/profile/locale,
// the set-locale kind) decides the words of its booking mail; an account that never chose one
// reads English. Delivered over SMTP to the local sink, decoded as a mail client would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { signupAndLogin } from '../support/server-users';

let server: TestServer;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await createTestServer({ notify: { smtpUrl: smtp.url, appUrl: 'http://localhost:8080' } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('booking mail in the account language', () => {
  it('writes a Hindi account its booking mail in Hindi, and an English one in English', async () => {
    const hindiCarrier = await signupAndLogin(server);
    const englishCarrier = await signupAndLogin(server);
    const traveller = await signupAndLogin(server);
    const saved = await hindiCarrier.call('PUT', '/api/profile/locale', { locale: 'hi' });
    expect(saved.status).toBe(200);
    const profile = (await (await hindiCarrier.call('GET', `/api/profile/${hindiCarrier.email}`)).json()) as {
      profile: { locale: string | null };
    };
    expect(profile.profile.locale).toBe('hi');

    await book(traveller, await addListing(hindiCarrier), 2);
    await book(traveller, await addListing(englishCarrier), 2);
    await server.notifier.drain();

    const hindi = await smtp.waitFor(hindiCarrier.email);
    expect(hindi.subject).toBe('नई बुकिंग');
    expect(hindi.text).toContain('एक यात्री ने आपकी लिस्टिंग पर 2 KG बुक किया है।');
    expect(hindi.text).toContain('खोलें: http://localhost:8080/');
    expect(hindi.text).not.toMatch(/Open it|A traveller booked/);

    const english = await smtp.waitFor(englishCarrier.email);
    expect(english.subject).toBe('New booking');
    expect(english.text).toContain(
      'A traveller booked 2 KG on your listing. Open Carry to accept or decline.',
    );
    expect(english.text).toContain('Open it: http://localhost:8080/');
  });

  it('refuses a language it does not speak with request/invalid', async () => {
    const user = await signupAndLogin(server);
    const res = await user.call('PUT', '/api/profile/locale', { locale: 'fr' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('request/invalid');
  });
});
