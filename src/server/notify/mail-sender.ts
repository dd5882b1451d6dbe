// Mail through nodemailer: SMTP when SMTP_URL is set; otherwise the stream transport builds the
// RFC 822 message and it is written to DATA_DIR/mail/ as an .eml file named in one log line, so
// the product works on a laptop with no mail server and a developer can open the link.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { NotifyConfig } from './config';
import type { SendOutcome } from './outcome';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail, id: number): Promise<SendOutcome>;
  close(): void;
}

/** SMTP replies 4xx and dropped connections are worth another try; 5xx replies are final. */
function smtpOutcome(err: unknown): SendOutcome {
  const e = err as { responseCode?: unknown; message?: unknown };
  const error = `smtp: ${typeof e.message === 'string' ? e.message : String(err)}`.slice(0, 500);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return { kind: 'failed', error };
  return { kind: 'retry', error };
}

export function createMailer(
  config: Pick<NotifyConfig, 'smtpUrl' | 'mailFrom' | 'mailDir' | 'sendTimeoutMs' | 'log'>,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl, {
      connectionTimeout: config.sendTimeoutMs,
      socketTimeout: config.sendTimeoutMs,
    });
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from: config.mailFrom, ...mail });
          return { kind: 'sent' };
        } catch (err) {
          return smtpOutcome(err);
        }
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, id) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      const message = info.message as Buffer;
      if (!config.mailDir) {
        config.log({
          level: 'info',
          mail: 'built (no SMTP_URL, no mail folder)',
          to: mail.to,
          subject: mail.subject,
        });
        return { kind: 'sent' };
      }
      await mkdir(config.mailDir, { recursive: true });
      const file = join(config.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      await writeFile(file, message);
      // The file's body is quoted-printable (lines over 76 characters), so the log line carries the
      // links as they are: with no mail server, this is where a developer on a laptop finds them.
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      config.log({ level: 'info', mail: file, to: mail.to, subject: mail.subject, links });
      return { kind: 'sent' };
    },
    close: () => transport.close(),
  };
}
