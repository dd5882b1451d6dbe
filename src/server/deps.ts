// What every route module receives: the database, the file store, the clock and the configuration, injected
// by createApp so tests can swap each one. Also the Hono environment (the session's user).
import type { AppConfig, Clock } from './config';
import type { Db } from './db/client';
import type { FileStore } from './files/file-store';

export interface Deps {
  db: Db;
  /** Where image bytes live (the database keeps their metadata). */
  files: FileStore;
  clock: Clock;
  config: AppConfig;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  phone: string;
}

export type AppEnv = { Variables: { user: SessionUser | null } };
