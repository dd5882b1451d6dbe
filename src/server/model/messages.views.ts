// Which thread a device has on screen (table thread_views, migration 0030): one per session,
// held until a time the device renews. A message to that user in that thread queues no notice
// (the trigger of migration 0030 reads this table), so nobody gets a push for what they read.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { threadViews } from '../db/schema';

export interface ThreadView {
  sessionHash: string;
  userId: string;
  bookingId: string;
}

/** This session looks at `view.bookingId`'s thread until `untilMs` (replacing any thread it looked at). */
export async function viewThread(db: Db, view: ThreadView, untilMs: number): Promise<void> {
  const until = new Date(untilMs);
  await db
    .insert(threadViews)
    .values({ ...view, until })
    .onConflictDoUpdate({
      target: threadViews.sessionHash,
      set: { userId: view.userId, bookingId: view.bookingId, until },
    });
}

/** This session no longer looks at `bookingId`'s thread (a later view of another thread stays). */
export async function leaveThread(db: Db, sessionHash: string, bookingId: string): Promise<void> {
  await db
    .delete(threadViews)
    .where(and(eq(threadViews.sessionHash, sessionHash), eq(threadViews.bookingId, bookingId)));
}
