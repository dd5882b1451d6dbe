// Sorts every message catalogue (messages/**/*.json) by id, in place: catalogues stay in one
// order, so two changes that add different ids merge without a conflict (docs/i18n.md).
// `node scripts/sort-messages.mjs`; tests/lint/i18n-catalogue.test.ts fails on an unsorted file.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../messages/', import.meta.url).pathname;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

const paths = files(root);
for (const path of paths) {
  const catalogue = JSON.parse(readFileSync(path, 'utf8'));
  const sorted = Object.fromEntries(
    Object.keys(catalogue)
      .sort()
      .map((id) => [id, catalogue[id]]),
  );
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}
// In the repository's JSON style (biome's), so the lint passes as written.
execFileSync(
  new URL('../node_modules/.bin/biome', import.meta.url).pathname,
  ['format', '--write', ...paths],
  {
    stdio: 'ignore',
  },
);
