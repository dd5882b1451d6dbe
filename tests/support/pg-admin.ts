// PostgreSQL for tests: one admin connection for a piece of work, and a fresh database beside
// TEST_DATABASE_URL's, so separate files (and separate server processes) never see each other's rows.
//
//   withAdmin(url, (client) => client.query(...)) : Promise<T>
//   freshDatabase(baseUrl) : Promise<{ url, drop() }>      drop() ends its connections first
import pg from 'pg';

export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `carry_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
