// add-listing: a carrier's new listing (future departure in the origin's time zone, known
// airports and airline, no second listing of one flight on one date: the unique index decides).
import { departureInstant } from '@/domain/listing/departure';
import { requireSelf } from '../auth/guard';
import { listings } from '../db/schema';
import { ApiError, type Issue, invalid } from '../http/errors';
import { toGrams, toListing } from '../routes/listings/listings.queries';
import type { ServerMutator } from './mutator';
import { checkListingQuota, noteListing } from './quotas';

// Its arguments come parsed with the clock and time zones (addListingRequestSchema, mutators/index.ts).
export const addListing: ServerMutator<'add-listing'> = async ({ tx, user, deps, ref, userLock }, input) => {
  requireSelf(user, input.email);
  const unknown: Issue[] = [];
  if (!ref.timeZoneOf(input.from)) unknown.push({ path: 'from', message: 'Unknown airport' });
  if (!ref.timeZoneOf(input.to)) unknown.push({ path: 'to', message: 'Unknown airport' });
  if (!ref.hasAirline(input.airline)) unknown.push({ path: 'airline', message: 'Unknown airline' });
  if (unknown.length) throw invalid(unknown);
  // At most the operator's quota of listings on flights still to come (409 listing/quota-reached).
  await checkListingQuota(tx, user.id, deps.clock.now(), ref, userLock, deps.config.openListingsMax);

  // A second listing of one flight on one date meets listings_flight_unique: nothing is inserted
  // (a concurrent one is waited for), and the refusal is listing/duplicate on every path.
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
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError('listing/duplicate');
  noteListing(userLock, departureInstant(row.departure, row.time, ref.timeZoneOf(row.from)));
  return { status: 201, body: { message: 'Uploaded Successfully!', listing: toListing(row) } };
};
