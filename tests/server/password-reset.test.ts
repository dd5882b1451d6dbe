// Forgot and reset password through HTTP, with the mail delivered over real SMTP to a server in
// the test process: the same answer for every address, limits per address and per client, a
// link that works once, for 30 minutes, only the newest one, and a reset that ends every session.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUESTED_MESSAGE } from '@/domain/auth/password-reset';
import { MSG } from '@/domain/texts';
import { outboundMessages } from '@/server/db/schema';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { createTestServer, type TestServer } from '../support/server-app';
import { jsonInit, signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let smtp: SmtpSink;
let nowMs = Date.now();
const clock = { now: () => nowMs };
let client = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await createTestServer({
    clock,
    config: { trustProxyHops: 1 },
    notify: { smtpUrl: smtp.url, appUrl: 'https://carry.example' },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Each test asks from its own client address unless it says otherwise. */
const post = (path: string, body: unknown, address = `10.0.0.${++client}`) =>
  server.request(path, jsonInit('POST', body, { 'X-Forwarded-For': address }));

async function requestLink(user: { email: string }): Promise<string> {
  const before = smtp.messages.filter((m) => m.to.includes(user.email)).length;
  const res = await post('/auth/forgot-password', { email: user.email });
  expect(res.status).toBe(200);
  await server.notifier.drain();
  const mail = await smtp.waitFor(user.email, before);
  const link = mail.text.match(/https:\/\/carry\.example\/reset-password\?token=([A-Za-z0-9_-]{43})/);
  if (!link?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return link[1];
}

const reset = (token: string, password = 'Newpass@456', confirmPassword = password) =>
  post('/auth/reset-password', { token, password, confirmPassword });

const login = (user: TestUser, password: string) => post('/auth/login', { email: user.email, password });

describe('forgot password', () => {
  it('answers the same for an account and for no account, and mails only the account', async () => {
    const user = await signupAndLogin(server);
    const known = await post('/auth/forgot-password', { email: user.email });
    const unknown = await post('/auth/forgot-password', { email: `nobody${Date.now()}@example.com` });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const before = smtp.messages.length;
    await server.notifier.drain();
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Reset your Carry password');
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('sends nothing inside the request: the mail waits in the queue until the notifier runs', async () => {
    const user = await signupAndLogin(server);
    await server.notifier.drain();
    const sentBefore = smtp.messages.length;
    await post('/auth/forgot-password', { email: user.email });
    expect(smtp.messages.length).toBe(sentBefore);
    const queued = await server.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.channel, 'password-reset'));
    expect(queued.map((r) => r.payload)).toContainEqual({ channel: 'password-reset', email: user.email });
    await server.notifier.drain();
    await smtp.waitFor(user.email);
  });

  it('checks the address with the signup messages', async () => {
    const res = await post('/auth/forgot-password', { email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'request/invalid', message: MSG.emailInvalidAddress });
  });

  it('limits requests per address from one requester (3 an hour), counted whether or not the account exists', async () => {
    for (const email of [`ghost${Date.now()}@example.com`, (await signupAndLogin(server)).email]) {
      const requester = `10.8.${++client}.1`;
      for (let i = 0; i < 3; i += 1)
        expect((await post('/auth/forgot-password', { email }, requester)).status).toBe(200);
      const limited = await post('/auth/forgot-password', { email }, requester);
      expect(limited.status).toBe(429);
      expect((await limited.json()).code).toBe('auth/reset-rate-limited');
    }
    await server.notifier.drain();
  });

  it("someone else spending an address's requests neither refuses the owner's request nor kills their link", async () => {
    const user = await signupAndLogin(server);
    const own = await requestLink(user);
    // A stranger asks as often as they may, from their address: their limit is theirs.
    const stranger = `10.7.${++client}.1`;
    for (let i = 0; i < 3; i += 1)
      expect((await post('/auth/forgot-password', { email: user.email }, stranger)).status).toBe(200);
    expect((await post('/auth/forgot-password', { email: user.email }, stranger)).status).toBe(429);
    await server.notifier.drain();
    // The owner may still ask, and the link they were opening still works.
    expect((await post('/auth/forgot-password', { email: user.email })).status).toBe(200);
    await server.notifier.drain();
    expect((await reset(own)).status).toBe(200);
    expect((await login(user, 'Newpass@456')).status).toBe(200);
  });

  it('bounds the mail to one address from everyone (10 an hour)', async () => {
    const email = `many${Date.now()}@example.com`;
    for (let i = 0; i < 10; i += 1) expect((await post('/auth/forgot-password', { email })).status).toBe(200);
    const limited = await post('/auth/forgot-password', { email });
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe('auth/reset-rate-limited');
  });

  it('limits requests per client address (200 an hour)', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 200; i += 1)
      expect(
        (await post('/auth/forgot-password', { email: `a${i}x${Date.now()}@example.com` }, address)).status,
      ).toBe(200);
    const limited = await post('/auth/forgot-password', { email: `late${Date.now()}@example.com` }, address);
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe('auth/reset-rate-limited');
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, and the old password stops working', async () => {
    const user = await signupAndLogin(server);
    const other = await login(user, user.password);
    expect(other.status).toBe(200);
    const token = await requestLink(user);
    const res = await reset(token);
    expect(res.status).toBe(200);
    expect((await user.call('GET', '/api/auth')).status).toBe(401);
    const { token: otherToken } = (await other.json()) as { token: string };
    const otherCheck = await server.request('/api/auth', {
      headers: { Authorization: `Bearer ${otherToken}` },
    });
    expect(otherCheck.status).toBe(401);
    expect((await login(user, user.password)).status).toBe(401);
    expect((await login(user, 'Newpass@456')).status).toBe(200);
  });

  it('works once', async () => {
    const user = await signupAndLogin(server);
    const token = await requestLink(user);
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'Other@7890');
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe('auth/reset-link-invalid');
    expect((await login(user, 'Newpass@456')).status).toBe(200);
  });

  it('works for 30 minutes only', async () => {
    const user = await signupAndLogin(server);
    const token = await requestLink(user);
    nowMs += 30 * 60 * 1000 + 1;
    try {
      const late = await reset(token);
      expect(late.status).toBe(400);
      expect((await late.json()).code).toBe('auth/reset-link-invalid');
    } finally {
      nowMs -= 30 * 60 * 1000 + 1;
    }
    expect((await login(user, user.password)).status).toBe(200);
  });

  it('still works at 29 minutes', async () => {
    const user = await signupAndLogin(server);
    const token = await requestLink(user);
    nowMs += 29 * 60 * 1000;
    try {
      expect((await reset(token)).status).toBe(200);
    } finally {
      nowMs -= 29 * 60 * 1000;
    }
  });

  it('a newer link does not end an older one; using either ends both', async () => {
    const user = await signupAndLogin(server);
    const first = await requestLink(user);
    const second = await requestLink(user);
    expect(first).not.toBe(second);
    expect((await reset(first)).status).toBe(200);
    const other = await reset(second, 'Other@7890');
    expect(other.status).toBe(400);
    expect((await other.json()).code).toBe('auth/reset-link-invalid');
  });

  it('holds the new password to the signup rules and messages', async () => {
    const user = await signupAndLogin(server);
    const token = await requestLink(user);
    const weak = await reset(token, 'weak');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'request/invalid', message: MSG.passwordRule });
    const mismatch = await reset(token, 'Newpass@456', 'Newpass@457');
    expect(await mismatch.json()).toMatchObject({ code: 'request/invalid', message: MSG.passwordsMatch });
    // A refused password does not use the link up.
    expect((await reset(token)).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await reset('A'.repeat(43));
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('auth/reset-link-invalid');
  });
});
