// drizzle-kit configuration. Migrations are written by hand (CONTRIBUTING.md "Migrations"); drizzle-kit
// checks schema.ts against the last snapshot in ./migrations/meta (in a scratch copy:
// npx drizzle-kit generate --config src/server/db/drizzle.config.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
