// Makes the e2e servers' template data folder (tests/support/e2e-global-setup.ts starts this in the
// background): migrated and seeded in `<target>.partial`, then renamed to `<target>`, so a server
// never copies half a folder. On failure it writes `<target>.failed` and servers start empty.
//
//   node --import tsx tests/support/e2e-template.ts <target>
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { createDb } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';

const target = process.argv[2];
if (!target) throw new Error('usage: e2e-template.ts <target folder>');
const partial = `${target}.partial`;
try {
  rmSync(partial, { recursive: true, force: true });
  const database = await createDb({
    dataDir: partial,
    setup: async (db) => void (await seedReferenceData(db)),
  });
  await database.close();
  renameSync(partial, target);
} catch (err) {
  writeFileSync(`${target}.failed`, String((err as Error).stack ?? err));
  process.exitCode = 1;
}
