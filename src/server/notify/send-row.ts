// One claimed row, tried and settled: a mail through the mailer, a push through the push sender,
// a reset request turned into its mail, a booking event or a thread's new message fanned out; then the row deleted, retried
// later (its lane held behind it), or marked failed.
import { eq } from 'drizzle-orm';
import { threadNotice } from '@/domain/message/notice';
import { pushEndpointAllowed } from '@/domain/notify/push-endpoint';
import type { Clock } from '../config';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import type { NotifyConfig } from './config';
import { fanOut } from './fan-out';
import type { Mailer } from './mail-sender';
import type { SendOutcome } from './outcome';
import { queueResetMail } from './password-reset-mail';
import { sendPush } from './push-sender';
import type { QueuedMessage } from './queue';
import { backoffMs, holdBehind, markFailed, markRetry, markSent } from './queue-settle';
import type { VapidKeys } from './vapid';

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
  /** Push rows whose subscription had gone (410/404, or removed since). */
  gone: number;
  /** Booking events turned into their pushes or e-mail (counted again when those go). */
  fannedOut: number;
}

export interface RowSenderOptions {
  db: Db;
  clock: Clock;
  config: NotifyConfig;
  mailer: Mailer;
  vapid: () => Promise<VapidKeys>;
}

export function rowSender({ db, clock, config, mailer, vapid }: RowSenderOptions) {
  async function push(row: QueuedMessage, message: Extract<QueuedMessage['message'], { channel: 'push' }>) {
    const [target] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, message.endpoint));
    // Logged out (the session's cascade), turned off, or gone since this was queued.
    if (!target) return { kind: 'gone', error: 'subscription removed' } as const;
    // Stored before the rule or before the operator narrowed it: never sent, and dropped.
    const rule = { hosts: config.pushServiceHosts, allowHttp: config.allowHttpPushEndpoints };
    if (!pushEndpointAllowed(target.endpoint, rule)) {
      config.log({ level: 'warn', notify: 'push', id: row.id, dropped: 'endpoint not allowed' });
      return { kind: 'gone', error: 'push endpoint not allowed' } as const;
    }
    return sendPush(target, message.notification, {
      vapid: await vapid(),
      subject: config.vapidSubject,
      ttlSeconds: config.pushTtlSeconds,
      timeoutMs: config.sendTimeoutMs,
      fetch: config.fetch,
      nowMs: clock.now(),
    });
  }

  async function attempt(row: QueuedMessage, result: DrainResult): Promise<SendOutcome | null> {
    const { message } = row;
    if (message.channel === 'email') return mailer.send(message, row.id);
    if (message.channel === 'push') return push(row, message);
    // These two take their own row in the transaction that writes what they turn into.
    if (message.channel === 'password-reset') {
      await queueResetMail(db, config.appUrl, row, message.email, clock.now());
      result.sent += 1;
      return null;
    }
    const nowMs = clock.now();
    const news =
      message.channel === 'thread'
        ? {
            userId: message.userId,
            notification: { ...threadNotice(message.bookingId), text: { key: 'notify.thread' } },
          }
        : message;
    await fanOut(db, row, news, {
      appUrl: config.appUrl,
      maxDevices: config.maxSubscriptionsPerUser,
      nowMs,
    });
    result.fannedOut += 1;
    return null;
  }

  async function settle(row: QueuedMessage, outcome: SendOutcome, result: DrainResult) {
    const now = clock.now();
    switch (outcome.kind) {
      case 'sent':
        result.sent += 1;
        return markSent(db, row.id);
      case 'gone':
        result.gone += 1;
        if (row.message.channel === 'push')
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, row.message.endpoint));
        return markSent(db, row.id);
      case 'failed':
        result.failed += 1;
        config.log({ level: 'warn', notify: row.message.channel, id: row.id, error: outcome.error });
        return markFailed(db, row.id, now, outcome.error);
      case 'retry': {
        if (row.attempts >= config.maxAttempts) {
          result.failed += 1;
          config.log({ level: 'warn', notify: row.message.channel, id: row.id, gaveUp: outcome.error });
          return markFailed(db, row.id, now, outcome.error);
        }
        result.retried += 1;
        const next = now + backoffMs(row.attempts, config, outcome.retryAfterMs);
        await markRetry(db, row.id, next, outcome.error);
        // What was queued after it in its lane waits as long, so it cannot overtake it.
        await holdBehind(db, row.id, row.lane, next);
        return;
      }
    }
  }

  /** Tries the row and settles it; a failure of either is a retry, never a lost row. */
  return async function send(row: QueuedMessage, result: DrainResult): Promise<void> {
    const failed = (err: unknown): SendOutcome => ({
      kind: 'retry',
      error: err instanceof Error ? err.message : String(err),
    });
    const outcome = await attempt(row, result).catch(failed);
    if (outcome) await settle(row, outcome, result);
  };
}
