// Where a process hears the database's NOTIFY 'carry_poke' (migration 0014's triggers): on
// PostgreSQL one dedicated connection per process (a pg.Client of its own, never one of the
// pool's: LISTEN belongs to a session and a pooled connection goes back to others), reconnected
// with back-off when it drops; on PGlite the embedded database itself, in process.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const POKE_CHANNEL = 'carry_poke';
/** application_name of every listening connection. */
export const LISTENER_NAME = 'carry-listen';

export interface NotificationHandlers {
  /** One notification's payload (a user id). */
  onPayload(payload: string): void;
  /** Notifications may have been missed (the listening connection was lost and is back). */
  onGap(): void;
}

export interface NotificationSource {
  /** Starts listening; resolves once the first LISTEN is in place. Returns the stop. */
  listen(handlers: NotificationHandlers): Promise<() => Promise<void>>;
}

/** The embedded database delivers its notifications in process, after each commit. */
export function pgliteNotifications(client: PGlite): NotificationSource {
  return {
    async listen({ onPayload }) {
      const unlisten = await client.listen(POKE_CHANNEL, onPayload);
      return async () => {
        await unlisten().catch(() => undefined);
      };
    },
  };
}

export interface PgListenOptions {
  /** First wait before reconnecting; doubles per failure up to maxDelayMs, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** Called with each connection error (logging). */
  onError?: (err: unknown) => void;
}

/**
 * One LISTEN connection to `url`. When it ends (a restart, a failover, pg_terminate_backend),
 * it reconnects after a growing, jittered wait and then reports a gap: the process pokes all its
 * streams once, since commits in between were not heard.
 */
export function pgNotifications(url: string, options: PgListenOptions = {}): NotificationSource {
  const minDelay = options.minDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 10_000;
  const random = options.random ?? Math.random;
  return {
    async listen({ onPayload, onGap }) {
      let stopped = false;
      let client: pg.Client | null = null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let failures = 0;

      const connect = async (): Promise<void> => {
        // Named, so an operator (or a test) can find this process's listener in pg_stat_activity.
        const c = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
        // An 'error' nobody listens to would end the process; the 'end' below handles it.
        c.on('error', (err) => options.onError?.(err));
        c.on('notification', (n) => {
          if (n.channel === POKE_CHANNEL && n.payload) onPayload(n.payload);
        });
        await c.connect();
        try {
          await c.query(`LISTEN ${POKE_CHANNEL}`);
        } catch (err) {
          await c.end().catch(() => undefined);
          throw err;
        }
        c.once('end', () => {
          if (client === c) client = null;
          if (!stopped) retry();
        });
        client = c;
      };
      const retry = () => {
        const wait = Math.min(maxDelay, minDelay * 2 ** failures);
        failures += 1;
        timer = setTimeout(
          () => {
            if (stopped) return;
            connect().then(
              () => {
                failures = 0;
                if (stopped) void client?.end().catch(() => undefined);
                else onGap();
              },
              (err) => {
                options.onError?.(err);
                if (!stopped) retry();
              },
            );
          },
          wait / 2 + (random() * wait) / 2,
        );
      };

      await connect();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
