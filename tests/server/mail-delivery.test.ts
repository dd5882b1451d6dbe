// How mail leaves: with no SMTP_URL each mail is an .eml file in the mail folder and one log line
// names it; over SMTP, a 4xx reply is tried again later and a 5xx reply is final.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages } from '@/server/db/schema';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { createTestServer, type TestServer } from '../support/server-app';
import { jsonInit, signupAndLogin } from '../support/server-users';

describe('with no SMTP_URL', () => {
  let server: TestServer;
  const mailDir = mkdtempSync(join(tmpdir(), 'carry-mail-'));
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    server = await createTestServer({
      notify: { mailDir, appUrl: 'http://localhost:8080', log: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('writes the reset mail as an .eml file with the link, and logs its path', async () => {
    const user = await signupAndLogin(server);
    await server.request('/auth/forgot-password', jsonInit('POST', { email: user.email }));
    expect(await server.notifier.drain()).toMatchObject({ sent: 2, failed: 0 });
    const files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const path = join(mailDir, files[0] ?? '');
    const eml = readFileSync(path, 'utf8');
    expect(eml).toMatch(/^Subject: Reset your Carry password$/m);
    expect(eml).toContain(`To: ${user.email}`);
    const link = /http:\/\/localhost:8080\/reset-password\?token=[A-Za-z0-9_-]{43}/;
    // Quoted-printable: soft line breaks and '=' as =3D.
    expect(eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(link);
    expect(lines).toContainEqual(
      expect.objectContaining({ mail: path, to: user.email, links: [expect.stringMatching(link)] }),
    );
  });
});

describe('over SMTP', () => {
  let server: TestServer;
  let smtp: SmtpSink;
  let nowMs = Date.now();
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await createTestServer({
      clock: { now: () => nowMs },
      notify: { smtpUrl: smtp.url, baseBackoffMs: 60_000, random: () => 0.5 },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('retries after a 4xx reply and gives a 5xx reply up', async () => {
    const user = await signupAndLogin(server);
    await server.request('/auth/forgot-password', jsonInit('POST', { email: user.email }));
    smtp.refuseWith(451);
    expect(await server.notifier.drain()).toMatchObject({ sent: 1, retried: 1 });
    smtp.refuseWith(null);
    nowMs += 60_000;
    expect(await server.notifier.drain()).toMatchObject({ sent: 1 });
    await smtp.waitFor(user.email);

    await server.request('/auth/forgot-password', jsonInit('POST', { email: user.email }));
    smtp.refuseWith(550);
    expect(await server.notifier.drain()).toMatchObject({ failed: 1 });
    const [row] = await server.db.select().from(outboundMessages).where(isNotNull(outboundMessages.failedAt));
    expect(row?.failedAt).not.toBeNull();
    expect(row?.lastError).toContain('smtp');
  });
});
