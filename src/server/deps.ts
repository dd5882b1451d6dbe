// What every route module receives: the database, the file store, the clock and the configuration, injected
// by createApp so tests can swap each one. Also the Hono environment (the session's user, from
// http/app-env.ts: the layers below this file import it from there).

import type { PushGate } from './auth/push-gate';
import type { AppConfig, Clock } from './config';
import type { Db } from './db/client';
import type { FileStore } from './files/file-store';
import type { InFlight } from './http/in-flight';
import type { PokeHub } from './live/poke-hub';
import type { Notifier } from './notify/notifier';

export type { AppEnv, SessionUser } from './http/app-env';

export interface Deps {
  db: Db;
  /** Where image bytes live (the database keeps their metadata). */
  files: FileStore;
  clock: Clock;
  config: AppConfig;
  /** The process's open poke streams (GET /api/sync/poke). */
  pokes: PokeHub;
  /** Push and mail: queued in a write's transaction, sent after it (src/server/notify). */
  notifier: Notifier;
  /** The ordinary requests in progress, which a push's parts give way to (http/in-flight.ts). */
  inFlight: InFlight;
  /** Pushes refused from memory before the session is looked up (auth/push-gate.ts). */
  pushGate: PushGate;
}
