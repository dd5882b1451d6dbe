// Add listing (future departure in the origin's time zone, no duplicate flight per carrier),
// a carrier's own listings, and search (none found -> saved as a match request).
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { departureInstant } from '@/domain/listing/departure';
import { type SearchRequest, searchRequestSchema } from '@/domain/listing/schema';
import { requireSelf, requireUser } from '../../auth/guard';
import { matchRequests } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { parseJson } from '../../http/body';
import { onUniqueViolation } from '../../http/errors';
import { restMutation } from '../../mutators';
import { referenceIndex } from '../reference/reference.queries';
import { listingsOfUser, searchListings } from './listings.queries';

export const NO_MATCH_MESSAGE = 'No direct matches found. Our team will contact you soon!';

export function addListing(c: Context<AppEnv>, deps: Deps) {
  return onUniqueViolation(restMutation(c, deps, 'add-listing'), 'listing/duplicate');
}

export async function ownListings(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  requireSelf(user, c.req.param('email'));
  return c.json(await listingsOfUser(deps.db, user.id));
}

export async function search(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const input = await parseJson(c, searchRequestSchema);
  requireSelf(user, input.email);
  // A flight that has left (in its origin airport's time zone) is no longer offered.
  const ref = await referenceIndex(deps.db);
  const now = deps.clock.now();
  const found = (await searchListings(deps.db, input)).filter(
    (l) => departureInstant(l.departure, l.time, ref.timeZoneOf(l.from)) > now,
  );
  if (found.length) return c.json(found);
  await saveMatchRequest(deps, user.id, input);
  return c.json({ message: NO_MATCH_MESSAGE });
}

/** One match request per user, route and date: a repeated search counts up and keeps the latest details. */
async function saveMatchRequest(deps: Deps, userId: string, input: SearchRequest) {
  const now = new Date(deps.clock.now());
  const latest = {
    flightNo: input.flightNo,
    airline: input.airline,
    email: input.email,
    name: input.name,
    phone: input.phone,
    lastSearchedAt: now,
  };
  await deps.db
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
