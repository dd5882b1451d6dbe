// The import zones as the lint must enforce them (biome.json's overrides, and the server's layer
// order in src/server/layers.grit), restated here independently: per zone, a folder to write a
// fixture into, the imports it must never make and the imports it lives on.

export interface Zone {
  /** Where the fixture goes: a folder (`<folder>/zone-fixture-<zone>-<kind>.ts`), or a file name
   * prefix ending in a dot (`src/server/deps.` -> `src/server/deps.zone-fixture-<zone>-<kind>.ts`). */
  at: string;
  forbidden: string[];
  allowed: string[];
}

/** The server's layers, top to bottom; a group's names stand side by side and import neither. */
const SERVER_LAYERS: string[][] = [
  ['main', 'index'],
  ['app'],
  ['routes'],
  ['mutators'],
  ['model'],
  ['deps'],
  ['notify'],
  ['auth'],
  ['live', 'files'],
  ['http'],
  ['db'],
  ['config', 'env'],
];
/** Layers that are one file at the top of src/server (the others are folders). */
const TOP_FILES = new Set(['main', 'index', 'app', 'deps', 'config', 'env']);
const FIXTURE_FOLDER: Record<string, string> = { routes: 'src/server/routes/bookings' };

/** Both spellings of an import of `layer` from a file of `from`: the alias and the relative path
 * (of a file in it; of the mutators, their index, the only way in). */
function spellings(layer: string, from: string): string[] {
  const up = TOP_FILES.has(from) ? './' : from === 'routes' ? '../../' : '../';
  const tail =
    TOP_FILES.has(layer) || layer === 'mutators'
      ? ''
      : `/${layer === 'routes' ? 'listings/listings.index' : 'x'}`;
  return [`@/server/${layer}${tail}`, `${up}${layer}${tail}`];
}

function layerZones(): Record<string, Zone> {
  const zones: Record<string, Zone> = {};
  SERVER_LAYERS.forEach((group, level) => {
    for (const layer of group) {
      if (layer === 'main' || layer === 'index') continue;
      const above = [...SERVER_LAYERS.slice(0, level).flat(), ...group.filter((l) => l !== layer)];
      const below = SERVER_LAYERS.slice(level + 1).flat();
      zones[`server ${layer}`] = {
        at: TOP_FILES.has(layer) ? `src/server/${layer}.` : (FIXTURE_FOLDER[layer] ?? `src/server/${layer}`),
        forbidden: [...above.flatMap((l) => spellings(l, layer)), '@/server'],
        allowed: [...below.flatMap((l) => spellings(l, layer)), '@/domain/errors'],
      };
    }
  });
  return zones;
}

export const ZONES: Record<string, Zone> = {
  domain: {
    at: 'src/domain/booking',
    forbidden: [
      '@/data',
      '@/data/outbox',
      '@/client/ui/card',
      '@/server/deps',
      'react',
      'dexie',
      'ky',
      'hono',
    ],
    allowed: ['valibot', '@/domain/errors', '../errors', './status'],
  },
  data: {
    at: 'src/data/mutators',
    forbidden: ['@/client/store-loader', '@/server/deps', 'react', 'sonner', 'drizzle-orm', 'hono'],
    allowed: ['dexie', 'ky', 'valibot', '@/domain/errors', '@/data/db', '@/data/engine/outbox', '../db'],
  },
  // The sync engine names no feature: nothing of src/data outside its folder.
  engine: {
    at: 'src/data/engine',
    forbidden: [
      '@/data',
      '@/data/bookings',
      '@/data/mutators',
      '../bookings',
      '../mutators/index',
      '../index',
    ],
    allowed: [
      'dexie',
      'ky',
      'valibot',
      '@/domain/errors',
      './outbox',
      '@/data/engine/outbox',
      '../../domain/errors',
    ],
  },
  client: {
    at: 'src/client/hooks',
    forbidden: ['@/server/deps', 'hono', 'drizzle-orm', 'pg', 'node:fs', '../../server/deps'],
    allowed: [
      'react',
      'sonner',
      '@lingui/core',
      '@/data',
      '@/domain/errors',
      '@/client/ui/card',
      '../ui/card',
    ],
  },
  ui: {
    at: 'src/client/ui',
    forbidden: [
      '@/data',
      'dexie',
      'sonner',
      '@/client/hooks/use-store',
      '../hooks/use-store',
      '../../data/outbox',
    ],
    // react-dom for createPortal: a modal question renders at the end of <body>.
    // The catalogue's text: presentational components speak the active language (docs/i18n.md).
    allowed: ['react', 'react-dom', 'lucide-react', '@/domain/format', '@/client/i18n/i18n', './card'],
  },
  sw: {
    at: 'sw',
    forbidden: ['@/client/store-loader', '@/server/deps', 'react', 'sonner', '../src/client/store-loader'],
    allowed: ['workbox-core', '@/data', '@/domain/errors'],
  },
  server: {
    at: 'src/server/http',
    forbidden: [
      '@/data',
      '@/data/db',
      '@/client/store-loader',
      'react',
      'dexie',
      'ky',
      '../../client/store-loader',
      '../../data/db',
      '../../../tests/support/until',
      '../../../scripts/node-engines.mjs',
      '../../../bench/util.mjs',
    ],
    allowed: [
      'hono',
      'drizzle-orm',
      'node:crypto',
      'valibot',
      'web-push',
      'nodemailer',
      '@lingui/core',
      '@lingui/message-utils/compileMessage',
      'lru-cache',
      './errors',
    ],
  },
  ...layerZones(),
  // Routes reach mutators through their index, and build no SQL (their queries are model's).
  'server routes, more': {
    at: 'src/server/routes/listings',
    forbidden: [
      '../../mutators/rate',
      '@/server/mutators/mutator',
      'drizzle-orm',
      '../../db/schema',
      '@/server/db/statement',
      '../../db/prepared',
    ],
    allowed: [
      '../../mutators',
      '../../mutators/index',
      '@/server/mutators',
      '../../db/client',
      '../../http/validate',
    ],
  },
  // The sync protocol's routes too: their queries are model/sync.*.ts (no exemption).
  'server routes, sync': {
    at: 'src/server/routes/sync',
    forbidden: ['drizzle-orm', '../../db/schema', '@/server/db/statement'],
    allowed: ['../../model/sync.clients', '../../db/sync-cookie', '../../db/client'],
  },
  scripts: {
    at: 'scripts',
    forbidden: ['@/server/app', '@/domain/errors', '@/data', '../src/server/main.ts', '../src/domain/errors'],
    allowed: ['node:fs', 'vite', 'playwright-core', './node-engines.mjs', '../tests/support/e2e-browser'],
  },
  // The benchmarks: src/domain and the public surfaces of the server and the data layer, and
  // the shared tools of scripts/; nothing else of the app, nothing of the tests.
  bench: {
    at: 'bench',
    forbidden: [
      '@/server/app',
      '@/server/db/client',
      '@/server/auth/sessions',
      '@/client/router',
      '@/data/db',
      '../src/server/app',
      '../src/server/model/bookings.queries',
      '../tests/support/server-app',
    ],
    allowed: [
      '@/server',
      '@/server/index',
      '../src/server/index.ts',
      '@/domain/errors',
      '../src/domain/errors',
      '@/data',
      '../scripts/chromium.mjs',
      'autocannon',
      'node:fs',
      './util.mjs',
    ],
  },
};
