// watch: the traveller watches a route and date (and up to 3 days either side); its listings come
// with every pull as `watched` (src/server/model/watches.queries.ts). At most WATCHES_MAX current
// watches per user, counted under a lock on the user's row so two devices cannot both add a 6th.
// The id is the device's; the same id again (a repeat of an applied change) answers the watch.
import { and, eq, inArray } from 'drizzle-orm';
import { isWatchCurrent, WATCHES_MAX, watchWindow } from '@/domain/watch/schema';
import { users, watches } from '../db/schema';
import { ApiError } from '../http/errors';
import { toWatch } from '../model/watches.queries';
import type { ServerMutator } from './mutator';

export const watch: ServerMutator<'watch'> = async ({ tx, user, deps }, input) => {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
  const [same] = await tx.select().from(watches).where(eq(watches.id, input.id));
  if (same) {
    if (same.userId !== user.id) throw new ApiError('watch/not-yours');
    return { status: 200, body: { watch: toWatch(same) } };
  }
  const nowMs = deps.clock.now();
  const today = new Date(nowMs).toISOString().slice(0, 10);
  const mine = await tx.select().from(watches).where(eq(watches.userId, user.id));
  const current = mine.filter((w) => isWatchCurrent(w, today));
  if (current.some((w) => w.from === input.from && w.to === input.to && w.departure === input.departure))
    throw new ApiError('watch/duplicate');
  if (current.length >= WATCHES_MAX) throw new ApiError('watch/quota-reached');
  // Watches past their last day count for nothing: they go as a new one comes.
  const stale = mine.filter((w) => !isWatchCurrent(w, today)).map((w) => w.id);
  if (stale.length)
    await tx.delete(watches).where(and(eq(watches.userId, user.id), inArray(watches.id, stale)));
  const { first, last } = watchWindow(input);
  const [row] = await tx
    .insert(watches)
    .values({ ...input, userId: user.id, firstDay: first, lastDay: last, createdAt: new Date(nowMs) })
    .returning();
  if (!row) throw new Error('watch insert returned no row');
  return { status: 201, body: { watch: toWatch(row) } };
};

/** unwatch: the watch goes, and its listings leave the device's `watched` with the next pull. */
export const unwatch: ServerMutator<'unwatch'> = async ({ tx, user }, input) => {
  const [row] = await tx.select().from(watches).where(eq(watches.id, input.id));
  if (row && row.userId !== user.id) throw new ApiError('watch/not-yours');
  // Already gone (another device unwatched it, or it lapsed): the outcome the user asked for.
  if (row) await tx.delete(watches).where(eq(watches.id, input.id));
  return { status: 200, body: { id: input.id } };
};
