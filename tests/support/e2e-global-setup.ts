// Once per run of the e2e project, before its files: the production client is built when stale
// (one build, not one per file), and one data folder is migrated and seeded as a server's first
// start would, to be copied into each server's new folder (tests/support/e2e-server.ts). A fresh
// PGlite folder costs its server seconds of initdb and migrations at every start; from the copy
// the server starts as over an existing database (its migrations and reference seed still run,
// finding nothing or little to do). The folder is made by a background process while the other
// projects' files run (e2e files run last); the first server waits for it. Server tests still
// start from empty folders.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { TEMPLATE_DATA_DIR_ENV } from './e2e-server';

export default function setup(): () => Promise<void> {
  buildIfStale();
  const root = mkdtempSync(join(tmpdir(), 'carry-e2e-template-'));
  const dataDir = join(root, 'data');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/e2e-template.ts', dataDir],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  process.env[TEMPLATE_DATA_DIR_ENV] = dataDir;
  return async () => {
    delete process.env[TEMPLATE_DATA_DIR_ENV];
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  };
}
