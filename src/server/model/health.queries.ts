// GET /api/health's question to the database: does it answer at all.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
