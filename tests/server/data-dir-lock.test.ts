// One process per PGlite folder: a second server on the same DATA_DIR refuses to start, naming
// the folder and the process holding it; a lock left by a killed process is taken over.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '@/server/db/client';
import { LOCK_FILE } from '@/server/db/data-dir-lock';

const dirs: string[] = [];
function dataDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'carry-lock-')), 'data');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(join(dir, '..'), { recursive: true, force: true });
});

/** Runs the real server entry on `dir` until it exits; its exit code and output. */
function runServer(
  dir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        STATIC_DIR: '',
        DATABASE_URL: '',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the PGlite data folder lock', () => {
  it('refuses a second process on the same folder, naming the folder and the holder', async () => {
    const dir = dataDir();
    const first = await createDb({ dataDir: dir });
    try {
      const second = await runServer(dir);
      expect(second.code).toBe(1);
      expect(second.output).toContain(`The data folder ${dir} is in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
  }, 90_000);

  it('refuses a second open in the same process too, and frees the folder on close', async () => {
    const dir = dataDir();
    const first = await createDb({ dataDir: dir });
    await expect(createDb({ dataDir: dir })).rejects.toThrow(/is in use by process/);
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await createDb({ dataDir: dir });
    await again.close();
    // Two fresh PGlite folders (initdb and every migration): past 30 s at a load of 13.
  }, 90_000);

  it('takes over the lock of a process that no longer runs', async () => {
    const dir = dataDir();
    await (await createDb({ dataDir: dir })).close();
    // A pid that has just exited: the state a kill -9 leaves behind.
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout.trim());
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, host: hostname(), since: 'earlier' }));
    const db = await createDb({ dataDir: dir });
    try {
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    } finally {
      await db.close();
    }
  }, 90_000);
});
