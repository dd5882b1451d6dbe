// The real app for end-to-end tests: builds the production client when dist/ is missing or stale
// (as `npm start` does), runs the API server on a free port with a temporary DATA_DIR, waits for
// /api/health. `stop()` ends the process and keeps the data, so a test can open the database
// (`openDatabase()`) to count records no API reads back; `remove()` deletes it.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { createDb, type Database } from '../../src/server/db/client';
import { until } from './until';

/**
 * A migrated and seeded data folder (tests/support/e2e-global-setup.ts, made in the background
 * while the first files run): a server given a new or empty folder starts from a copy
 * of it instead of running initdb and every migration. Not there yet (a single e2e file run at
 * once), failed, or unset (a script outside Vitest): the server starts from an empty folder, as
 * it would without it; waiting would cost as much as the fresh start.
 */
export const TEMPLATE_DATA_DIR_ENV = 'CARRY_E2E_TEMPLATE_DATA_DIR';

/**
 * Set by the e2e global setup once it has built the client: then no file builds it again. Other
 * files of the run touch the sources' folders (the lint project writes fixtures into src/ and
 * removes them), which would make dist/ look stale, and a rebuild empties dist/ under the server
 * of an e2e file running beside (they share the two workers: vite.config.ts).
 */
export const BUILT_ENV = 'CARRY_E2E_BUILT';

/** Builds the client when stale, unless the e2e global setup already did for this run. */
export function buildOnce(): void {
  if (!process.env[BUILT_ENV]) buildIfStale();
}

/** Fills `dataDir` from the template when it is ready and the folder is new or empty. */
function fromTemplate(dataDir: string): void {
  const template = process.env[TEMPLATE_DATA_DIR_ENV];
  // The template is renamed into place only once whole (e2e-template.ts).
  if (!template || !existsSync(template)) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  cpSync(template, dataDir, { recursive: true });
}

// A server starting on a loaded machine (migrations, seeding) may take more than a minute.
const HEALTH_TIMEOUT_MS = 180_000;

export interface E2eServer {
  url: string;
  /** Stops the server, keeping its data. */
  stop(): Promise<void>;
  /** Opens the stopped server's database (close it when done). */
  openDatabase(): Promise<Database>;
  /** Stops the server if it runs, and deletes its data folder. */
  remove(): Promise<void>;
}

/** Waits until the server at `url` answers /api/health, failing at once if its process exits. */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  { timeoutMs = HEALTH_TIMEOUT_MS, output = () => '' }: { timeoutMs?: number; output?: () => string } = {},
): Promise<void> {
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}\n${output()}`);
      return fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeoutMs, everyMs: 200, what: `${url}/api/health answers\n${output()}` },
  );
}

export interface E2eServerOptions {
  /** The port; a free one by default. The same port again keeps the browser's origin. */
  port?: number;
  /** The data folder; a new temporary one by default. */
  dataDir?: string;
  /** The built client to serve; `./dist` (built when stale) by default. */
  staticDir?: string;
  /** More environment for the server (CORS_ORIGINS for a split deployment, say). */
  env?: Record<string, string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startE2eServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  if (!options.staticDir) buildOnce();
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'carry-e2e-'));
  const staticDir = options.staticDir ?? './dist';
  fromTemplate(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      // Every test account comes from 127.0.0.1: more than the default 20 signups an hour.
      SIGNUP_LIMIT_PER_HOUR: process.env.SIGNUP_LIMIT_PER_HOUR ?? '10000',
      // ... and logs in more often than the default 30 times in 15 minutes.
      LOGIN_LIMIT_PER_ACCOUNT: process.env.LOGIN_LIMIT_PER_ACCOUNT ?? '10000',
      // Photo tests may upload more images per account than a person would in a day.
      UPLOAD_IMAGES_PER_DAY: process.env.UPLOAD_IMAGES_PER_DAY ?? '10000',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url,
    stop,
    openDatabase: () => createDb({ dataDir }),
    async remove() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
