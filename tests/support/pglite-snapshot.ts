// A migrated, seeded in-memory PGlite database as a dump, for the in-process test servers
// (server-app.ts): each starts from it instead of running initdb, every migration and the reference
// seed (about 10 s on a loaded 2-core machine, against 1-2 s to load the dump). The dump is made
// once and kept in the temporary folder under a key of everything it depends on (the migrations,
// the reference data, the day, which decides the airlines still flying, and PGlite's version),
// so every worker and every run until one of those changes loads the same file; an older key's
// file is removed when a new one is written.
//
//   pgliteSnapshot() : Promise<Blob>
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createDb } from '@/server/db/client';
import { seedReferenceData } from '@/server/db/seed';

const PREFIX = 'carry-pglite-snapshot-';

/** A key of everything a migrated, seeded database depends on (also the e2e template folder's). */
export function snapshotKey(): string {
  const hash = createHash('sha256');
  const migrations = 'src/server/db/migrations';
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  walk(migrations);
  hash.update(readFileSync('src/server/db/reference-data.json'));
  hash.update(new Date().toISOString().slice(0, 10));
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(pglite);
  return hash.digest('hex').slice(0, 16);
}

let made: Promise<Blob> | undefined;

/** The dump every in-memory test database starts from (made on first use, then read from disk). */
export function pgliteSnapshot(): Promise<Blob> {
  made ??= (async () => {
    const file = join(tmpdir(), `${PREFIX}${snapshotKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await createDb();
    try {
      await seedReferenceData(database.db);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      // Written whole under another name, then renamed: a worker never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      for (const old of readdirSync(tmpdir()))
        if (old.startsWith(PREFIX) && join(tmpdir(), old) !== file && old.endsWith('.tar'))
          rmSync(join(tmpdir(), old), { force: true });
      return dump;
    } finally {
      await database.close();
    }
  })();
  return made;
}
