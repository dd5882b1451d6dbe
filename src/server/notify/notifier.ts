// The notifier: sends what the queue holds, after the commit of the change that wrote it, never
// inside a request. Each process runs one loop, woken after its own writes and when the queue's
// next row falls due (a retry's back-off, a dead sender's lease), and otherwise asleep: an idle
// server spends nothing on it (at most one look every pollMs, for rows another process left).
// Rows are claimed one sender each (queue.ts), so any number of processes on one PostgreSQL
// database share the work, and on PGlite the one process's loop sends everything.
import { oneAtATime } from '@/domain/one-at-a-time';
import type { Clock } from '../config';
import type { Db } from '../db/client';
import { DEFAULT_NOTIFY_CONFIG, type NotifyConfig } from './config';
import { createMailer } from './mail-sender';
import { ACCOUNT, claimDue, nextDueMs } from './queue';
import { type DrainResult, rowSender } from './send-row';
import { loadVapidKeys, type VapidKeys } from './vapid';

export type { DrainResult } from './send-row';

/** A row due now after a whole drain is another sender's, mid-claim: look again shortly, not in a spin. */
const MIN_WAKE_MS = 100;

export interface Notifier {
  readonly config: NotifyConfig;
  /** The VAPID key pair (made and stored on first use). */
  vapid(): Promise<VapidKeys>;
  /** Marks that a write may have queued something: the loop looks once the request has ended. */
  queued(): void;
  /** Called when a request has ended: runs the loop now if something was queued. */
  afterRequest(): void;
  /**
   * Sends every row due now (claims until none is left); what the loop runs each time. During a
   * drain, it makes that drain look at the queue again at once (a row just queued takes a free
   * slot), and answers with the drain after it.
   */
  drain(): Promise<DrainResult>;
  start(): void;
  stop(): Promise<void>;
}

/** A signal a waiting drain can race against: `next()` settles at the following `fire()`. */
function signal() {
  let fire = () => {};
  let next = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return {
    next: () => next,
    fire() {
      fire();
      next = new Promise<void>((resolve) => {
        fire = resolve;
      });
    },
  };
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
  const nudge = signal();

  const vapid = () => {
    keys ??= loadVapidKeys(db, config.vapidKeys, clock.now()).catch((err) => {
      keys = null;
      throw err;
    });
    return keys;
  };
  const send = rowSender({ db, clock, config, mailer, vapid });

  /** Claims into the free slots: booking news leaves the last one to account mail. */
  const claim = (free: number) =>
    free > 1 || config.sendConcurrency < 2
      ? claimDue(db, clock.now(), config.leaseMs, Math.max(1, free - 1))
      : claimDue(db, clock.now(), config.leaseMs, 1, ACCOUNT);

  /**
   * Up to sendConcurrency rows at once, each slot claimed again as soon as it frees (a slow push
   * service holds up only its own rows), until nothing is claimable and nothing is in flight.
   */
  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0, gone: 0, fannedOut: 0 };
    const running = new Set<Promise<void>>();
    let settled = 0;
    for (;;) {
      // Taken before the claim, so a row queued, or a lane freed, while it runs is not missed.
      const nudged = nudge.next();
      const settledBefore = settled;
      const free = config.sendConcurrency - running.size;
      const rows = free > 0 ? await claim(free) : [];
      for (const row of rows) {
        const run: Promise<void> = send(row, result)
          .catch((err) =>
            config.log({ level: 'error', notify: 'send failed', id: row.id, error: String(err) }),
          )
          .finally(() => {
            settled += 1;
            running.delete(run);
          });
        running.add(run);
      }
      // A row settled during the claim may have left its lane's next row to claim.
      if (rows.length || settled !== settledBefore) continue;
      if (!running.size) return result;
      await Promise.race([...running, nudged]);
    }
  }

  /** One drain at a time per process; calls during one share a single drain right after it. */
  const drains = oneAtATime(drainOnce);
  const drain = () => {
    nudge.fire();
    return drains.run();
  };

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
