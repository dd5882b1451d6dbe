// drizzle-kit configuration: generates the SQL migrations in ./migrations from ./schema.ts.
// Run: npx drizzle-kit generate --config src/server/db/drizzle.config.ts
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
