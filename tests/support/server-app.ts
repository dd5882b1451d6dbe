// The real API server in-process, for tests of any project (server, data).
//
//   createTestServer(options?: { clock?; config?: Partial<AppConfig>; notify?; live?: PokeHubOptions })
//     : Promise<{ app, db, pokes, close(), request(path: string, init?: RequestInit): Promise<Response> }>
//
// Each call gets a fresh, migrated and seeded database: in-memory PGlite (loaded from one dump,
// pglite-snapshot.ts), or, when TEST_DATABASE_URL is set, a new PostgreSQL database created beside
// it (a copy of a migrated, seeded template: pg-admin.ts) and dropped by close().
// Image bytes go where main.ts puts them: on PGlite a temporary folder (`filesDir`, removed by
// close()) standing for DATA_DIR/files, on PostgreSQL its file_chunks table.
// `request` goes through `app.request` (no port): paths like '/api/auth' resolve against
// http://localhost. Request logging is silenced unless the config passes `log`, and passwords
// are hashed at a test cost (TEST_PASSWORD_HASH) unless the config passes `passwordHash`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '@/server/app';
import type { AppConfig, Argon2Cost, Clock } from '@/server/config';
import { createDb, type Db } from '@/server/db/client';
import { markReferenceChanged } from '@/server/db/reference-version';
import { chunkFileStore } from '@/server/files/chunk-store';
import { diskFileStore } from '@/server/files/disk-store';
import type { FileStore } from '@/server/files/file-store';

/** Argon2id's smallest cost: the production one (OWASP_ARGON2ID) costs ~40 ms per login. */
export const TEST_PASSWORD_HASH: Argon2Cost = { memoryKiB: 64, passes: 1, lanes: 1 };

import { startLive } from '@/server/live/live';
import type { PokeHub, PokeHubOptions } from '@/server/live/poke-hub';
import type { NotifyConfig } from '@/server/notify/config';
import { createNotifier, type Notifier } from '@/server/notify/notifier';
import { migratedDatabase } from './pg-admin';
import { pgliteSnapshot } from './pglite-snapshot';

export interface TestServer {
  app: ReturnType<typeof createApp>;
  db: Db;
  files: FileStore;
  /** The folder of image bytes on PGlite; undefined on PostgreSQL (they are in file_chunks). */
  filesDir: string | undefined;
  /** The server's open poke streams (fed by its database's notifications). */
  pokes: PokeHub;
  /** Never started: a test sends what is queued with `notifier.drain()`. */
  notifier: Notifier;
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestServer(
  options: {
    clock?: Clock;
    config?: Partial<AppConfig>;
    notify?: Partial<NotifyConfig>;
    /** The poke streams' limits (per user, per address, in all). */
    live?: PokeHubOptions;
  } = {},
): Promise<TestServer> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgDb = baseUrl ? await migratedDatabase(baseUrl) : null;
  // Both from a database already migrated and seeded (pglite-snapshot.ts, pg-admin.ts); the
  // migrations still run, finding nothing to do.
  const database = await createDb(pgDb ? { url: pgDb.url } : { snapshot: await pgliteSnapshot() });
  // As after a seed: the reference tables' copies in memory are built from these rows.
  markReferenceChanged(database.db);
  const filesDir = pgDb ? undefined : mkdtempSync(join(tmpdir(), 'carry-test-files-'));
  const files = filesDir ? diskFileStore(filesDir) : chunkFileStore();
  const live = await startLive(database.notifications, options.live);
  const notifier = createNotifier({
    db: database.db,
    clock: options.clock ?? { now: () => Date.now() },
    config: { log: () => {}, ...options.notify },
  });
  const app = createApp({
    db: database.db,
    files,
    pokes: live.hub,
    notifier,
    clock: options.clock,
    config: { log: () => {}, passwordHash: TEST_PASSWORD_HASH, ...options.config },
  });
  return {
    app,
    db: database.db,
    files,
    filesDir,
    pokes: live.hub,
    notifier,
    request: async (path, init) => app.request(path, init),
    close: async () => {
      await live.close();
      await database.close();
      await pgDb?.drop();
      if (filesDir) rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server for the calling test file: started before its tests and closed after them. Call it
 * at the file's top level; the returned object stands for the server once the tests run.
 */
export function serverPerFile(options: Parameters<typeof createTestServer>[0] = {}): TestServer {
  let server: TestServer | undefined;
  const started = (): TestServer => {
    if (!server) throw new Error('serverPerFile: the server starts in beforeAll; use it inside tests');
    return server;
  };
  beforeAll(async () => {
    server = await createTestServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get files() {
      return started().files;
    },
    get filesDir() {
      return started().filesDir;
    },
    get pokes() {
      return started().pokes;
    },
    get notifier() {
      return started().notifier;
    },
    request: (path, init) => started().request(path, init),
    close: () => started().close(),
  };
}
