// A carrier's own listings, and search (none found -> saved as a match request). Adding one is
// the add-listing kind (routes/kinds).
import type { Context } from 'hono';
import { BOOKING_ANSWER_BEFORE_DEPARTURE_MS } from '@/domain/booking/status';
import { departureInstant } from '@/domain/listing/departure';
import type { searchRequestSchema } from '@/domain/listing/schema';
import { requireSelf, requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { validatedAnswer } from '../../http/answer-cache';
import type { JsonContext } from '../../http/validate';
import { saveMatchRequest } from '../../model/listings.match-requests';
import { listingsOfUser, searchListings } from '../../model/listings.queries';
import { referenceIndex } from '../../model/reference.queries';

const HOUR_MS = 3_600_000;

export const NO_MATCH_MESSAGE = 'No direct matches found. Our team will contact you soon!';

/** The carrier's own listings are their sync collection `listings`, none of it by the clock
 * (sync.collections.ts): validated by the change log (src/server/http/answer-cache.ts). */
const OWN_LISTINGS = { name: 'listings', collection: 'listings' };

export async function ownListings(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  requireSelf(user, c.req.param('email'));
  return validatedAnswer(c, deps, user.id, OWN_LISTINGS, () => listingsOfUser(deps.db, user.id));
}

export async function search(c: JsonContext<typeof searchRequestSchema>, deps: Deps) {
  const user = requireUser(c);
  const input = c.req.valid('json');
  requireSelf(user, input.email);
  // A flight that has left, or leaves within 2 hours (in its origin airport's time zone), is no
  // longer offered. Every listing found leaves from input.from on input.departure: when even that
  // day's first minute (less an hour, for a daylight-saving change at midnight) is further ahead
  // than that, none has, and the per-listing check (7% of a search's CPU time under load) is skipped.
  const ref = await referenceIndex(deps.db);
  const now = deps.clock.now();
  // Bookings close 2 hours before departure (the carrier's time to answer), so does the offer.
  const closes = now + BOOKING_ANSWER_BEFORE_DEPARTURE_MS;
  const zone = ref.timeZoneOf(input.from);
  const listings = await searchListings(deps.db, input, now);
  const dayAhead = departureInstant(input.departure, '00:00', zone) - HOUR_MS > closes;
  const found = dayAhead
    ? listings
    : listings.filter((l) => departureInstant(l.departure, l.time, zone) > closes);
  if (found.length) return c.json(found);
  await saveMatchRequest(deps.db, user.id, input, deps.clock.now());
  return c.json({ message: NO_MATCH_MESSAGE });
}
