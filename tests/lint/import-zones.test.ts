// The layers' import rules (biome.json's overrides: an allow-list per folder) checked from outside:
// each zone gets a fixture file importing what it must never import, and the lint must reject every
// one of them, while the imports the zone lives on pass. A hole in a zone (a bare `@/data`, a package
// nobody listed) turns this red.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

interface Zone {
  /** The folder the fixture is written into (it must match the zone's `includes`). */
  dir: string;
  forbidden: string[];
  allowed: string[];
}

const ZONES: Record<string, Zone> = {
  domain: {
    dir: 'src/domain/booking',
    forbidden: [
      '@/data',
      '@/data/outbox',
      '@/client/ui/card',
      '@/server/deps',
      'react',
      'react-dom',
      'sonner',
      'dexie',
      'ky',
      'hono',
      'node:fs',
      '../../data/outbox',
      '../../client/hooks',
      '../../server/deps',
    ],
    allowed: ['valibot', '@/domain/errors', '../errors', './status'],
  },
  data: {
    dir: 'src/data/mutators',
    forbidden: [
      '@/client',
      '@/client/store-loader',
      '@/server/deps',
      'react',
      'sonner',
      '@tanstack/react-form',
      '@electric-sql/pglite',
      'drizzle-orm',
      'hono',
      '../../client/store-loader',
      '../../server/deps',
    ],
    allowed: ['dexie', 'ky', 'valibot', '@/domain/errors', '@/data/db', '../db'],
  },
  client: {
    dir: 'src/client/hooks',
    forbidden: [
      '@/server/deps',
      'hono',
      'drizzle-orm',
      'pg',
      '@electric-sql/pglite',
      'node:fs',
      '../../server/deps',
    ],
    allowed: ['react', 'sonner', '@/data', '@/domain/errors', '@/client/ui/card', '../ui/card'],
  },
  ui: {
    dir: 'src/client/ui',
    forbidden: [
      '@/data',
      '@/data/outbox',
      'dexie',
      'ky',
      'sonner',
      '@/client/hooks/use-store',
      '@/server/deps',
      '../hooks/use-store',
      '../../data/outbox',
    ],
    allowed: ['react', 'lucide-react', '@/domain/format', './card'],
  },
  server: {
    dir: 'src/server/http',
    forbidden: [
      '@/data',
      '@/data/db',
      '@/client/store-loader',
      'react',
      'dexie',
      'ky',
      'sonner',
      '../../client/store-loader',
      '../../data/db',
    ],
    allowed: [
      'hono',
      'drizzle-orm',
      'node:crypto',
      'valibot',
      'web-push',
      'nodemailer',
      '@/domain/errors',
      '../db/client',
      './errors',
    ],
  },
  // The server's layers: routes and mutators both stand on model, routes reach mutators through
  // their index only, and model imports neither.
  routes: {
    dir: 'src/server/routes/bookings',
    forbidden: [
      '../../mutators/thread',
      '../../mutators/rate',
      '@/server/mutators/quotas',
      '@/server/mutators/mutator',
      '@/data',
      'react',
    ],
    allowed: [
      'hono',
      '../../mutators',
      '../../mutators/index',
      '@/server/mutators',
      '../../model/bookings.queries',
      '@/server/model/listings.queries',
      '../../http/validate',
      '@/domain/errors',
    ],
  },
  mutators: {
    dir: 'src/server/mutators',
    forbidden: [
      '../routes',
      '../routes/bookings/bookings.handlers',
      '../routes/sync/sync.index',
      '@/server/routes/listings/listings.index',
      '@/server/routes',
      '@/client/store-loader',
      'react',
    ],
    allowed: [
      'hono',
      'drizzle-orm',
      'valibot',
      '@/domain/errors',
      '../model/bookings.queries',
      '@/server/model/listings.queries',
      '../db/schema',
      './mutator',
    ],
  },
  model: {
    dir: 'src/server/model',
    forbidden: [
      '../routes/bookings/bookings.handlers',
      '@/server/routes/sync/sync.index',
      '../mutators',
      '../mutators/rate',
      '@/server/mutators',
      '@/server/mutators/index',
      '@/data/db',
      'react',
    ],
    allowed: [
      'drizzle-orm',
      '@/domain/errors',
      '../db/schema',
      '../http/errors',
      './ratings.queries',
      '@/server/model/bookings.expiry',
    ],
  },
  sw: {
    dir: 'sw',
    forbidden: ['@/client/store-loader', '@/server/deps', 'react', 'sonner', '../src/client/store-loader'],
    allowed: ['workbox-core', '@/data', '@/domain/errors'],
  },
};

const fixture = (zone: string, kind: 'forbidden' | 'allowed') =>
  join(ZONES[zone]?.dir ?? zone, `zone-fixture-${kind}.ts`);

/** Fixture file -> the lines (one import each) the zone rule flagged. */
let report: Map<string, Set<number>>;

beforeAll(async () => {
  const files: string[] = [];
  for (const [name, zone] of Object.entries(ZONES)) {
    mkdirSync(join(root, zone.dir), { recursive: true });
    for (const kind of ['forbidden', 'allowed'] as const) {
      const imports = zone[kind].map((spec, i) => `import * as m${i} from '${spec}';`).join('\n');
      const uses = zone[kind].map((_, i) => `m${i}`).join(', ');
      writeFileSync(join(root, fixture(name, kind)), `${imports}\n\nexport const all = [${uses}];\n`);
      files.push(fixture(name, kind));
    }
  }
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
  for (const d of json.diagnostics) {
    if (d.category !== 'lint/style/noRestrictedImports') continue;
    const path = typeof d.location.path === 'string' ? d.location.path : d.location.path.file;
    const lines = report.get(path) ?? new Set<number>();
    lines.add(d.location.start?.line ?? -1);
    report.set(path, lines);
  }
});

afterAll(() => {
  for (const name of Object.keys(ZONES))
    for (const kind of ['forbidden', 'allowed'] as const)
      rmSync(join(root, fixture(name, kind)), { force: true });
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
