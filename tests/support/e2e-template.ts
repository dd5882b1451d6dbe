// Makes the e2e servers' template data folder (tests/support/e2e-global-setup.ts starts this in the
// background): migrated and seeded in `<target>.<pid>.partial`, then renamed to `<target>`, so a
// server never copies half a folder (a run at the same time that made it first wins). On failure
// it writes `<target>.failed` and servers start empty.
//
//   node --import tsx tests/support/e2e-template.ts <target>
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createDb } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';

const target = process.argv[2];
if (!target) throw new Error('usage: e2e-template.ts <target folder>');
const partial = `${target}.${process.pid}.partial`;
try {
  const database = await createDb({
    dataDir: partial,
    setup: async (db) => void (await seedReferenceData(db)),
  });
  await database.close();
  if (!existsSync(target)) renameSync(partial, target);
} catch (err) {
  writeFileSync(`${target}.failed`, String((err as Error).stack ?? err));
  process.exitCode = 1;
} finally {
  rmSync(partial, { recursive: true, force: true });
}
