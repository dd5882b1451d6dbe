// Analytics events as POST /api/events stores them.
import type { Tx } from '../db/client';
import { analyticsEvents } from '../db/schema';

export async function insertEvents(tx: Tx, rows: (typeof analyticsEvents.$inferInsert)[]): Promise<void> {
  await tx.insert(analyticsEvents).values(rows);
}
