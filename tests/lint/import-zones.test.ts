// The import rules checked from outside: each zone (tests/lint/zones.ts) gets a fixture file
// importing what it must never import, and the lint must reject every one of those imports
// (biome.json's allow-lists, or the server's layer order in src/server/layers.grit), while the
// imports the zone lives on pass. A hole in a zone turns this red. And an import circle, even one
// closed by a type import through the `@/` alias, fails the lint anywhere in src/.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZONES } from './zones';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

const fixture = (zone: string, kind: 'forbidden' | 'allowed') => {
  const at = ZONES[zone]?.at ?? zone;
  const name = `zone-fixture-${zone.replace(/\W+/g, '-')}-${kind}.ts`;
  return at.endsWith('.') ? `${at}${name}` : join(at, name);
};
/** Two files importing each other: one by the alias, the other by a type-only relative import. */
const CIRCLE = {
  'src/domain/zone-fixture-circle-a.ts':
    "import { b } from '@/domain/zone-fixture-circle-b';\n\nexport const a = () => b;\n",
  'src/domain/zone-fixture-circle-b.ts':
    "import type { a } from './zone-fixture-circle-a';\n\nexport const b = (f: typeof a) => f;\n",
};

/** Fixture file -> the lines (one import each) a rule flagged; and folders this test made. */
let report: Map<string, Set<number>>;
let circles: Set<string>;
const madeFolders: string[] = [];

function write(file: string, text: string) {
  const folder = dirname(join(root, file));
  if (!existsSync(folder)) {
    mkdirSync(folder, { recursive: true });
    madeFolders.push(folder);
  }
  writeFileSync(join(root, file), text);
}

beforeAll(async () => {
  const files: string[] = [];
  for (const [name, zone] of Object.entries(ZONES)) {
    for (const kind of ['forbidden', 'allowed'] as const) {
      const imports = zone[kind].map((spec, i) => `import * as m${i} from '${spec}';`).join('\n');
      const uses = zone[kind].map((_, i) => `m${i}`).join(', ');
      write(fixture(name, kind), `${imports}\n\nexport const all = [${uses}];\n`);
      files.push(fixture(name, kind));
    }
  }
  for (const [file, text] of Object.entries(CIRCLE)) write(file, text);
  files.push(...Object.keys(CIRCLE));
  // Biome exits non-zero when it finds errors: that is the expected outcome, read the JSON either way.
  const out = await run('npx', ['biome', 'lint', '--reporter=json', '--max-diagnostics=none', ...files], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  const json = JSON.parse(out.stdout) as {
    diagnostics: {
      category: string;
      location: { path: string | { file: string }; start?: { line: number } };
    }[];
  };
  report = new Map();
  circles = new Set();
  for (const d of json.diagnostics) {
    const path = typeof d.location.path === 'string' ? d.location.path : d.location.path.file;
    if (d.category === 'lint/suspicious/noImportCycles') circles.add(path);
    if (d.category !== 'lint/style/noRestrictedImports' && d.category !== 'plugin') continue;
    const lines = report.get(path) ?? new Set<number>();
    lines.add(d.location.start?.line ?? -1);
    report.set(path, lines);
  }
}, 60_000);

afterAll(() => {
  for (const name of Object.keys(ZONES))
    for (const kind of ['forbidden', 'allowed'] as const)
      rmSync(join(root, fixture(name, kind)), { force: true });
  for (const file of Object.keys(CIRCLE)) rmSync(join(root, file), { force: true });
  for (const folder of madeFolders) rmSync(folder, { recursive: true, force: true });
});

describe('import zones', () => {
  for (const [name, zone] of Object.entries(ZONES)) {
    it(`${name}: rejects each of ${zone.forbidden.length} forbidden imports`, () => {
      const flagged = [...(report.get(fixture(name, 'forbidden')) ?? [])].map(
        (line) => zone.forbidden[line - 1],
      );
      expect(flagged.sort()).toEqual([...zone.forbidden].sort());
    });
    it(`${name}: accepts the imports it is built on`, () => {
      const flagged = [...(report.get(fixture(name, 'allowed')) ?? [])].map((line) => zone.allowed[line - 1]);
      expect(flagged).toEqual([]);
    });
  }
});

describe('import circles', () => {
  it('fails the lint on a circle, through the alias and a type-only import', () => {
    expect([...circles].sort()).toEqual(Object.keys(CIRCLE).sort());
  });
});
