// The real app for end-to-end tests: builds the client when dist/ is missing or older than its
// sources (as `npm start` does), then runs the API server on a free port with a temporary
// DATA_DIR, waits for /api/health, and stops it afterwards.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCES = [
  'src/client',
  'src/domain',
  'src/data',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const HEALTH_TIMEOUT_MS = 60_000;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

export function buildClientIfStale(): void {
  const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  if (builtAt >= Math.max(...SOURCES.map(newestMtime))) return;
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build failed with status ${build.status}`);
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
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API server did not answer ${url}/api/health within ${HEALTH_TIMEOUT_MS} ms`);
}

export interface E2eServer {
  url: string;
  stop(): Promise<void>;
}

export async function startE2eServer(): Promise<E2eServer> {
  buildClientIfStale();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'carry-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: './dist' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
