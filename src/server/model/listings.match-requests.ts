// A search that found nothing is kept as a match request for the team (POST /api/search-listings).
import { sql } from 'drizzle-orm';
import type { SearchRequest } from '@/domain/listing/schema';
import type { Db } from '../db/client';
import { matchRequests } from '../db/schema';

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
