// The documentation names files, npm scripts and SQL tables and functions; each must exist, so a
// rename or a removal fails here until the docs say so. Pages: README.md, CONTRIBUTING.md,
// BENCHMARKS.md, bench/README.md and every page of docs/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  'BENCHMARKS.md',
  'bench/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Repository paths as prose names them: `src/data/engine/outbox.ts`, tests/e2e/, .ci/run. */
const PATH = /(?<![\w./-])(?:\.ci|bench|docs|public|scripts|src|sw|tests)\/[\w./@$-]*[\w/]/g;
/** A path is a pattern, not a file, when it holds a placeholder (`<kind>`, `00NN_`) or a wildcard. */
const PATTERN = /[<>*{}]|\.\.\.|NN/;
/** What runs make and git ignores (bench/results/, tests/e2e/screenshots/): named, never committed. */
const OUTPUTS = read('.gitignore')
  .split('\n')
  .filter((line) => /^[\w.-]+\/[\w./-]+\/$/.test(line));
/** The files bench/README.md's walk-through of adding a bench has the reader make. */
const EXAMPLES = ['bench/airports.ts', 'bench/tables/airports.mjs'];

const migrations = readdirSync(join(root, 'src/server/db/migrations'))
  .filter((name) => name.endsWith('.sql'))
  .map((name) => read(`src/server/db/migrations/${name}`))
  .join('\n')
  .toLowerCase();
const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);

function named(page: string) {
  const text = read(page);
  const paths = [...new Set([...text.matchAll(PATH)].map((m) => m[0].replace(/[.]$/, '')))].filter(
    (path) =>
      !PATTERN.test(path) && !EXAMPLES.includes(path) && !OUTPUTS.some((dir) => `${path}/`.startsWith(dir)),
  );
  const npmScripts = [...new Set([...text.matchAll(/npm run ([\w:-]*\w)/g)].map((m) => m[1] as string))];
  // `sync_log()`: a SQL function (snake_case, so never a TypeScript name); PostgreSQL's own skipped.
  const functions = [
    ...new Set([...text.matchAll(/`([a-z]+(?:_[a-z0-9]+)+)\(/g)].map((m) => m[1] as string)),
  ].filter((name) => !name.startsWith('pg_'));
  // "table `outbound_messages`", "`file_chunks` table", "tables `a` and `b`"; not the device's
  // Dexie tables, on lines that say Dexie.
  const sqlLines = text
    .split('\n')
    .filter((line) => !line.includes('Dexie'))
    .join('\n');
  const tables = [
    ...new Set(
      [...sqlLines.matchAll(/tables? `([a-z_]+)`(?: and `([a-z_]+)`)?|`([a-z_]+)` tables?\b/g)].flatMap((m) =>
        [m[1], m[2], m[3]].filter((name): name is string => name !== undefined),
      ),
    ),
  ];
  return { paths, npmScripts, functions, tables };
}

describe.each(pages)('%s', (page) => {
  const { paths, npmScripts, functions, tables } = named(page);

  it('names only files and folders that exist', () => {
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names only npm scripts that package.json has', () => {
    expect(npmScripts.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('names only SQL functions a migration defines', () => {
    expect(
      functions.filter(
        (name) => !new RegExp(`function\\s+(?:public\\.)?"?${name}"?\\s*\\(`).test(migrations),
      ),
    ).toEqual([]);
  });

  it('names only tables a migration creates', () => {
    expect(
      tables.filter(
        (name) =>
          !new RegExp(`create table(?: if not exists)?\\s+(?:public\\.)?"?${name}"?[\\s(]`).test(migrations),
      ),
    ).toEqual([]);
  });
});
