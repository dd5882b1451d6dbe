// The notifier: sends what the queue holds, after the commit of the change that wrote it, never
// inside a request. Each process runs one loop, woken after its own writes and when the queue's
// next row falls due (a retry's back-off, a dead sender's lease), and otherwise asleep: an idle
// server spends nothing on it (at most one look every pollMs, for rows another process left).
// Rows are claimed one sender each (queue.ts), so any number of processes on one PostgreSQL
// database share the work, and on PGlite the one process's loop sends everything.
import { eq } from 'drizzle-orm';
import { pushEndpointAllowed } from '@/domain/notify/push-endpoint';
import { oneAtATime } from '@/domain/one-at-a-time';
import type { Clock } from '../config';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { DEFAULT_NOTIFY_CONFIG, type NotifyConfig } from './config';
import { createMailer } from './mail-sender';
import type { SendOutcome } from './outcome';
import { queueResetMail } from './password-reset-mail';
import { sendPush } from './push-sender';
import {
  backoffMs,
  claimDue,
  holdBehind,
  markFailed,
  markRetry,
  markSent,
  nextDueMs,
  type QueuedMessage,
  release,
} from './queue';
import { loadVapidKeys, type VapidKeys } from './vapid';

const BATCH = 10;
/** A row due now after a whole drain is another sender's, mid-claim: look again shortly, not in a spin. */
const MIN_WAKE_MS = 100;

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
  /** Push rows whose subscription had gone (410/404, or removed since). */
  gone: number;
}

export interface Notifier {
  readonly config: NotifyConfig;
  /** The VAPID key pair (made and stored on first use). */
  vapid(): Promise<VapidKeys>;
  /** Marks that a write may have queued something: the loop looks once the request has ended. */
  queued(): void;
  /** Called when a request has ended: runs the loop now if something was queued. */
  afterRequest(): void;
  /** Sends every row due now (claims until none is left); what the loop runs each time. */
  drain(): Promise<DrainResult>;
  start(): void;
  stop(): Promise<void>;
}

export function createNotifier(options: { db: Db; clock: Clock; config?: Partial<NotifyConfig> }): Notifier {
  const { db, clock } = options;
  const config: NotifyConfig = { ...DEFAULT_NOTIFY_CONFIG, ...options.config };
  const mailer = createMailer(config);
  let keys: Promise<VapidKeys> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let generation = 0;
  let pending = false;
  let started = false;

  const vapid = () => {
    keys ??= loadVapidKeys(db, config.vapidKeys, clock.now()).catch((err) => {
      keys = null;
      throw err;
    });
    return keys;
  };

  async function attempt(row: QueuedMessage): Promise<SendOutcome> {
    const { message } = row;
    if (message.channel === 'email') return mailer.send(message, row.id);
    if (message.channel === 'password-reset') {
      await queueResetMail(db, config.appUrl, message.email, clock.now());
      return { kind: 'sent' };
    }
    const [target] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, message.endpoint));
    // Logged out (the session's cascade), turned off, or gone since this was queued.
    if (!target) return { kind: 'gone', error: 'subscription removed' };
    // Stored before the rule or before the operator narrowed it: never sent, and dropped.
    if (
      !pushEndpointAllowed(target.endpoint, {
        hosts: config.pushServiceHosts,
        allowHttp: config.allowHttpPushEndpoints,
      })
    ) {
      config.log({ level: 'warn', notify: 'push', id: row.id, dropped: 'endpoint not allowed' });
      return { kind: 'gone', error: 'push endpoint not allowed' };
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
        // What was queued after it for the same device waits as long, so it cannot overtake it.
        if (row.message.channel === 'push') await holdBehind(db, row.id, row.message.endpoint, next);
        return;
      }
    }
  }

  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0, gone: 0 };
    for (;;) {
      const rows = await claimDue(db, clock.now(), config.leaseMs, BATCH);
      if (!rows.length) return result;
      // One device's or address's rows go one after another, in the order they were queued (a
      // booking's "accepted" must not arrive after its "cancelled"); different ones go in parallel.
      const lanes = new Map<string, QueuedMessage[]>();
      for (const row of rows) {
        const m = row.message;
        const key = m.channel === 'push' ? m.endpoint : m.channel === 'email' ? m.to : `reset:${m.email}`;
        lanes.set(key, [...(lanes.get(key) ?? []), row]);
      }
      await Promise.all(
        [...lanes.values()].map(async (lane) => {
          for (const [i, row] of lane.entries()) {
            const outcome = await attempt(row).catch(
              (err): SendOutcome => ({
                kind: 'retry',
                error: err instanceof Error ? err.message : String(err),
              }),
            );
            await settle(row, outcome, result);
            if (outcome.kind === 'retry') {
              // The rest of this lane was claimed but not tried: back to the queue, uncounted.
              await Promise.all(lane.slice(i + 1).map((later) => release(db, later.id)));
              break;
            }
          }
        }),
      );
    }
  }

  /** One drain at a time per process; calls during one share a single drain right after it. */
  const drains = oneAtATime(drainOnce);
  const drain = () => drains.run();

  /** The loop's next look: at `delayMs`, never later than pollMs; replaces any look set before. */
  function wakeIn(delayMs: number) {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!started) return;
    timer = setTimeout(() => void loop(), Math.min(Math.max(MIN_WAKE_MS, delayMs), config.pollMs));
    timer.unref();
  }

  async function loop() {
    const run = ++generation;
    try {
      await drain();
      const due = await nextDueMs(db);
      // A later run (woken by a write meanwhile) has set the time already.
      if (run === generation) wakeIn(due === null ? config.pollMs : due - clock.now());
    } catch (err) {
      config.log({
        level: 'error',
        notify: 'drain failed',
        error: err instanceof Error ? err.message : String(err),
      });
      if (run === generation) wakeIn(config.pollMs);
    }
  }

  return {
    config,
    vapid,
    queued: () => {
      pending = true;
    },
    afterRequest: () => {
      if (!pending || !started) return;
      pending = false;
      void loop();
    },
    drain,
    start() {
      if (started) return;
      started = true;
      void loop();
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await drains.pending()?.catch(() => undefined);
      mailer.close();
    },
  };
}
