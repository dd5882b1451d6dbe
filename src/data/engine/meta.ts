// Small key/value facts kept beside the data: sync times, the session copy for the service
// worker, the replay lease. The engine's keys are listed here so nothing else invents them; a
// feature keeps its own beside its code, named after it (reference.ts, mutators/complete.ts).
import type { AppDb } from './db';
import { SCHEMA_VERSION } from './db-versions';

export const META = {
  session: 'session',
  lastUser: 'lastUser',
  lastSyncAt: 'lastSyncAt',
  authBlockedFor: 'authBlockedFor',
  /** Changes with the entry format (lock.ts), so releases of two formats never share a lease. */
  replayLease: `replayLease:v${SCHEMA_VERSION}`,
  /**
   * The login this session belongs to, new on every login: a pull or push answer asked for an
   * ended session (a logout and login of the same user in between) changes nothing.
   */
  sessionGeneration: 'sessionGeneration',
  persistAskedFor: 'persistAskedFor',
  /** The server's clock minus the device's, in ms (server-clock.ts). */
  serverOffsetMs: 'serverOffsetMs',
  syncedAt: (collection: string) => `syncedAt:${collection}`,
  /** When the server last answered a pull (changed or not): how fresh the mirrored watched routes are. */
  watchedAsOf: 'watchedAsOf',
  /** The operator's settings as the last pull carried them (the pull's `rules`). */
  serverRules: 'serverRules',
} as const;

export async function getMeta<T>(db: AppDb, key: string): Promise<T | undefined> {
  const row = await db.meta.get(key);
  return row?.value as T | undefined;
}

export async function setMeta(db: AppDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}
