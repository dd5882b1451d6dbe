// One transaction at a time per stored blob: an upload recording a row for the bytes and the
// clean-up deleting the last row for them (and the bytes) never interleave, so an upload never
// answers a url whose bytes the clean-up is removing.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

export async function lockBlob(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`carry-file:${key}`}, 0))`);
}
