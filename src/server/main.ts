// Node entry: read the environment, open and migrate the database (PGlite under DATA_DIR, or
// PostgreSQL with DATABASE_URL), seed reference data, then serve the API and the built app.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createDb } from './db/client';
import { seedReferenceData } from './db/seed';
import { readEnv } from './env';

const env = readEnv();
const database = await createDb(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: resolve(env.DATA_DIR) },
);
const seeded = await seedReferenceData(database.db);
// Serve the built client only when there is one (npm run dev leaves it to Vite).
const staticRoot = env.STATIC_DIR ? resolve(env.STATIC_DIR) : '';

const app = createApp({
  db: database.db,
  config: {
    corsOrigins: env.CORS_ORIGINS,
    secureCookies: env.SECURE_COOKIES,
    trustProxy: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
    staticRoot: staticRoot && existsSync(resolve(staticRoot, 'index.html')) ? staticRoot : '',
  },
});

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${resolve(env.DATA_DIR)}`;
  console.log(
    `Carry listening on http://localhost:${info.port} (${where}; ${seeded.airports} airports, ${seeded.airlines} airlines)`,
  );
});

function shutdown() {
  server.close(() => {
    database.close().finally(() => process.exit(0));
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
