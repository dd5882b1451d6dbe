// A search that found nothing is kept as a match request for the team (POST /api/search-listings).
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SearchRequest } from '@/domain/listing/schema';
import type { Db, Tx } from '../db/client';
import { rowIn } from '../db/row-in';
import { matchRequests } from '../db/schema';
import { localesOf, matchFoundMail, queueMails } from './team.mail';

/** One match request per user, route and date: a repeated search counts up and keeps the latest details. */
export async function saveMatchRequest(db: Db, userId: string, input: SearchRequest, nowMs: number) {
  const now = new Date(nowMs);
  const latest = {
    flightNo: input.flightNo,
    airline: input.airline,
    email: input.email,
    name: input.name,
    phone: input.phone,
    lastSearchedAt: now,
  };
  await db
    .insert(matchRequests)
    .values({
      id: crypto.randomUUID(),
      userId,
      from: input.from,
      to: input.to,
      departure: input.departure,
      ...latest,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [matchRequests.userId, matchRequests.from, matchRequests.to, matchRequests.departure],
      set: { ...latest, searchCount: sql`${matchRequests.searchCount} + 1` },
    });
}

/**
 * The searches of another user than `userId` that found nothing, not yet told, on one of these
 * routes and dates (not empty): asked with `exists` for a run of new listings (a drain), which
 * almost always finds none, instead of notifyMatchRequests for each (mutators/add-listing.ts).
 */
export function untoldSearchesOf(
  tx: Tx,
  userId: string,
  trips: readonly { from: string; to: string; departure: string }[],
) {
  return tx
    .select({ id: matchRequests.id })
    .from(matchRequests)
    .where(
      and(
        rowIn(
          [matchRequests.from, matchRequests.to, matchRequests.departure],
          trips.map((t) => [t.from, t.to, t.departure]),
        ),
        isNull(matchRequests.notifiedAt),
        ne(matchRequests.userId, userId),
      ),
    );
}

/**
 * "Our Team will contact you" kept automatically: a new listing mails everyone whose search of its
 * route and date found nothing, once (notified_at), in the listing's transaction. Answers how many.
 */
export async function notifyMatchRequests(
  tx: Tx,
  listing: { userId: string; from: string; to: string; departure: string },
  nowMs: number,
  appUrl: string,
): Promise<number> {
  const told = await tx
    .update(matchRequests)
    .set({ notifiedAt: new Date(nowMs) })
    .where(
      and(
        eq(matchRequests.from, listing.from),
        eq(matchRequests.to, listing.to),
        eq(matchRequests.departure, listing.departure),
        isNull(matchRequests.notifiedAt),
        ne(matchRequests.userId, listing.userId),
      ),
    )
    .returning({ email: matchRequests.email });
  const locales = await localesOf(
    tx,
    told.map((r) => r.email),
  );
  await queueMails(
    tx,
    told.map((r) => matchFoundMail(r.email, listing, appUrl, locales.get(r.email))),
    nowMs,
  );
  return told.length;
}
