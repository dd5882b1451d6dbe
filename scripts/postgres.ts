// PostgreSQL for the tests and the benches: one connection for a piece of work, and a throwaway
// database beside the one a URL names, so separate runs (and separate server processes) never see
// each other's rows. drop() ends the database's connections first.
import pg from 'pg';

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server `baseUrl` names. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database `<prefix>_<time>_<random>` on `baseUrl`'s server, and how to drop it. */
export async function throwawayDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix.replace(/\W/g, '_')}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      await withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
