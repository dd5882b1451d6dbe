// Once per run of the e2e project, before its files: the production client is built when stale
// (one build, not one per file), and one data folder, migrated and seeded as a server's first
// start would, is copied into each server's new folder (tests/support/e2e-server.ts). A fresh
// PGlite folder costs its server seconds of initdb and migrations at every start; from the copy
// the server starts as over an existing database (its migrations and reference seed still run,
// finding nothing or little to do). The folder is kept in the temporary folder under the key of
// what it depends on (pglite-snapshot.ts), so later runs find it made; when missing it is made by
// a background process while the first files run (the first e2e file is third in the queue:
// tests/support/sequencer.ts), and a server starting before it is ready starts empty. Server
// tests still start from empty folders.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { BUILT_ENV, TEMPLATE_DATA_DIR_ENV } from './e2e-server';
import { snapshotKey } from './pglite-snapshot';

const PREFIX = 'carry-e2e-template-';

export default function setup(): () => Promise<void> {
  buildIfStale();
  process.env[BUILT_ENV] = '1';
  const dataDir = join(tmpdir(), `${PREFIX}${snapshotKey()}`);
  process.env[TEMPLATE_DATA_DIR_ENV] = dataDir;
  let child: ChildProcess | undefined;
  if (!existsSync(dataDir)) {
    // Older keys' folders go.
    for (const old of readdirSync(tmpdir()))
      if (old.startsWith(PREFIX) && join(tmpdir(), old) !== dataDir)
        rmSync(join(tmpdir(), old), { recursive: true, force: true });
    child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/e2e-template.ts', dataDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return async () => {
    delete process.env[TEMPLATE_DATA_DIR_ENV];
    delete process.env[BUILT_ENV];
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (child?.pid) rmSync(`${dataDir}.${child.pid}.partial`, { recursive: true, force: true });
    rmSync(`${dataDir}.failed`, { force: true });
  };
}
