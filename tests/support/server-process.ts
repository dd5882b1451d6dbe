// The API server as a real process (src/server/main.ts), for tests that need several of them on
// one PostgreSQL database (a fresh one: freshDatabase in pg-admin.ts).
//
//   startServerProcess(env) : Promise<{ url, stop() }>   (waits for /api/health)
import { spawn } from 'node:child_process';
import { freePort, waitForHealth } from './e2e-server';

const HEALTH_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '', ...env },
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, { timeoutMs: HEALTH_TIMEOUT_MS, output: () => log });
  return {
    url,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
