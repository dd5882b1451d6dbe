// The real server for the offline suite, like e2e-server.ts but with a DATA_DIR the test keeps:
// some records (contact messages) have no API to read them back, so the suite stops the server
// and counts them in its database.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Database } from '../../src/server/db/client';
import { buildClientIfStale } from './e2e-server';

const HEALTH_TIMEOUT_MS = 60_000;

/**
 * A build made under vitest inherits NODE_ENV=test: React's development runtime and no service
 * worker registration (import.meta.env.PROD is false). The offline suite needs the production
 * build, so it rebuilds when the built entry is such a build.
 */
function isProductionBuild(): boolean {
  if (!existsSync('dist/index.html') || !existsSync('dist/sw.js')) return false;
  const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(readFileSync('dist/index.html', 'utf8'))?.[1];
  return entry !== undefined && !readFileSync(`dist${entry}`, 'utf8').includes('jsxDEV');
}

function buildProductionClient(): void {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    buildClientIfStale();
    if (isProductionBuild()) return;
    const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`vite build failed with status ${build.status}`);
  } finally {
    process.env.NODE_ENV = previous;
  }
  if (!isProductionBuild()) throw new Error('vite build did not produce a production build');
}

export interface PwaServer {
  url: string;
  /** Stops the server, keeping its data. */
  stop(): Promise<void>;
  /** Opens the stopped server's database (close it when done). */
  openDatabase(): Promise<Database>;
  /** Deletes the data folder. */
  remove(): void;
}

function freePort(): Promise<number> {
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

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API server exited with code ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API server did not answer ${url}/api/health within ${HEALTH_TIMEOUT_MS} ms`);
}

export async function startPwaServer(): Promise<PwaServer> {
  buildProductionClient();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'carry-pwa-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: './dist' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    openDatabase: () => createDb({ dataDir }),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
