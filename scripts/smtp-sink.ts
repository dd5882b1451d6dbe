// A real SMTP server in this process (the smtp-server package), for the tests and the benches: it
// receives what the app sends over SMTP_URL and keeps each message's envelope, headers and decoded
// text.
//
//   startSmtpSink(): Promise<{ url, messages, waitFor(to, since?), close() }>
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now.bind(Date);

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
  /** When it arrived (performance.now(), comparable with the push service's). */
  at: number;
  /** When the sender connected to send it (performance.now()): when its sending began. */
  connectedAt: number;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> (no TLS, no auth) for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The next message to `to` after the first `skip` of them, polled with a deadline. */
  waitFor(to: string, skip?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** Answers every delivery with this reply code instead of 250 (a 4xx or 5xx), until reset. */
  refuseWith(code: number | null): void;
  close(): Promise<void>;
}

/** Quoted-printable: soft breaks and =XX escapes, the bytes read as UTF-8 (a Hindi mail's text). */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's encoded words (RFC 2047: =?UTF-8?Q?...?= or ?B?), unfolded: a non-ASCII subject. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Quoted-printable soft breaks and =XX escapes (what nodemailer uses for long lines). */
function decodeBody(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let refuse: number | null = null;
  const connectedAt = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      connectedAt.set(session.id, performance.now());
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse) {
          const err = Object.assign(new Error('Refused by the test'), { responseCode: refuse });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeHeader(raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)$/m)?.[1]?.trim() ?? ''),
          text: decodeBody(raw),
          raw,
          at: performance.now(),
          connectedAt: connectedAt.get(session.id) ?? 0,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: async (to, skip = 0, timeoutMs = 10_000) => {
      // Polled on the real clock (a test may fake timers meanwhile).
      const deadline = realNow() + timeoutMs;
      for (;;) {
        const mail = messages.filter((m) => m.to.includes(to))[skip];
        if (mail) return mail;
        if (realNow() > deadline) throw new Error(`mail to ${to}: not met within ${timeoutMs} ms`);
        await new Promise((r) => realSetTimeout(r, 25));
      }
    },
    refuseWith(code) {
      refuse = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
