// Add listing (future departure in the origin's time zone, no duplicate flight per carrier),
// a carrier's own listings, and search (none found -> saved as a match request).
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { addListingRequestSchema, searchRequestSchema } from '@/domain/listing/schema';
import { requireSelf, requireUser } from '../../auth/guard';
import { listings, matchRequests } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { parseJson } from '../../http/body';
import { ApiError, type Issue, invalid, onUniqueViolation } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { referenceIndex } from '../reference/reference.queries';
import { listingsOfUser, searchListings, toGrams, toListing } from './listings.queries';

export const NO_MATCH_MESSAGE = 'No direct matches found. Our team will contact you soon!';

export async function addListing(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const ref = await referenceIndex(deps.db);
  const schema = addListingRequestSchema({ nowMs: deps.clock.now(), timeZoneOf: ref.timeZoneOf });
  const input = await parseJson(c, schema);
  requireSelf(user, input.email);
  const unknown: Issue[] = [];
  if (!ref.timeZoneOf(input.from)) unknown.push({ path: 'from', message: 'Unknown airport' });
  if (!ref.timeZoneOf(input.to)) unknown.push({ path: 'to', message: 'Unknown airport' });
  if (!ref.hasAirline(input.airline)) unknown.push({ path: 'airline', message: 'Unknown airline' });
  if (unknown.length) throw invalid(unknown);

  const write = idempotentWrite(c, deps, user.id, async (tx) => {
    const same = and(
      eq(listings.userId, user.id),
      eq(listings.flightNo, input.flightNo),
      eq(listings.departure, input.departure),
    );
    const [duplicate] = await tx.select({ id: listings.id }).from(listings).where(same);
    if (duplicate) throw new ApiError('listing/duplicate');
    const [row] = await tx
      .insert(listings)
      .values({
        id: crypto.randomUUID(),
        userId: user.id,
        email: user.email,
        name: input.name,
        phone: input.phone,
        from: input.from,
        to: input.to,
        departure: input.departure,
        time: input.time,
        airline: input.airline,
        flightNo: input.flightNo,
        weightGrams: toGrams(input.weight),
        cost: input.cost,
        createdAt: new Date(deps.clock.now()),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return { status: 201, body: { message: 'Uploaded Successfully!', listing: toListing(row, 0) } };
  });
  return onUniqueViolation(write, 'listing/duplicate');
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
  const found = await searchListings(deps.db, input);
  if (found.length) return c.json(found);
  await deps.db.insert(matchRequests).values({
    id: crypto.randomUUID(),
    userId: user.id,
    from: input.from,
    to: input.to,
    departure: input.departure,
    flightNo: input.flightNo,
    airline: input.airline,
    email: input.email,
    name: input.name,
    phone: input.phone,
    createdAt: new Date(deps.clock.now()),
  });
  return c.json({ message: NO_MATCH_MESSAGE });
}
