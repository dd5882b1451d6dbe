// PostgreSQL for tests: one admin connection for a piece of work, and a fresh database beside
// TEST_DATABASE_URL's, so separate files (and separate server processes) never see each other's rows.
//
//   withAdmin(url, (client) => client.query(...)) : Promise<T>
//   freshDatabase(baseUrl) : Promise<{ url, drop() }>      drop() ends its connections first
import { throwawayDatabase } from '../../scripts/postgres';

export { withClient as withAdmin } from '../../scripts/postgres';

export function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  return throwawayDatabase(baseUrl, 'carry_t');
}
