// add-listing: a carrier's new listing (future departure in the origin's time zone, known
// airports and airline, no second listing of one flight on one date: the unique index decides).
import { eq, sql } from 'drizzle-orm';
import { departureInstant } from '@/domain/listing/departure';
import type { MutationArgs } from '@/domain/sync/mutations';
import { requireSelf } from '../auth/guard';
import type { Tx } from '../db/client';
import { listings, ratingTotals, users } from '../db/schema';
import type { Deps, SessionUser } from '../deps';
import { ApiError, type Issue, invalid, type Reply } from '../http/errors';
import { moveCourierRequest, openRequestsMatching, openRequestsOn } from '../model/courier.queries';
import { notifyMatchRequests, untoldSearchesOf } from '../model/listings.match-requests';
import { toGrams, toListing } from '../model/listings.queries';
import {
  checkListingQuota,
  flightKey,
  listingFlights,
  listingInstants,
  listingQuotaReached,
  noteListing,
} from '../model/quotas.checks';
import type { ReferenceIndex } from '../model/reference.queries';
import { queueCourierMatches } from '../notify/courier-match';
import type { BatchMutator, ServerMutator } from './mutator';

/** The refusals decided before the insert: the caller's own email, known airports and airline. */
function refusalBeforeQuota(
  user: SessionUser,
  ref: ReferenceIndex,
  input: MutationArgs<'add-listing'>,
): void {
  requireSelf(user, input.email);
  const unknown: Issue[] = [];
  if (!ref.timeZoneOf(input.from)) unknown.push({ path: 'from', message: 'Unknown airport' });
  if (!ref.timeZoneOf(input.to)) unknown.push({ path: 'to', message: 'Unknown airport' });
  if (!ref.hasAirline(input.airline)) unknown.push({ path: 'airline', message: 'Unknown airline' });
  if (unknown.length) throw invalid(unknown);
}

type NewListing = typeof listings.$inferInsert;

function newRow(user: SessionUser, deps: Deps, input: MutationArgs<'add-listing'>): NewListing {
  return {
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
  };
}

type Totals = Parameters<typeof toListing>[1];

/** `totals`: the carrier's rating totals, when read: the listing then as a pull has it (carrierRating). */
const created = (row: typeof listings.$inferSelect, totals?: Totals): Reply => ({
  status: 201,
  body: { message: 'Uploaded Successfully!', listing: toListing(row, totals) },
});

// Its arguments come parsed with the clock and time zones (addListingRequestSchema, mutators/index.ts).
export const addListing: ServerMutator<'add-listing'> = async ({ tx, user, deps, ref, userLock }, input) => {
  refusalBeforeQuota(user, ref, input);
  // At most the operator's quota of listings on flights still to come (409 listing/quota-reached).
  await checkListingQuota(tx, user.id, deps.clock.now(), ref, userLock, deps.config.openListingsMax);

  // A second open listing of one flight on one date meets listings_flight_unique (a withdrawn one
  // no longer counts, migration 0035): nothing is inserted
  // (a concurrent one is waited for), and the refusal is listing/duplicate on every path.
  const [row] = await tx
    .insert(listings)
    .values(newRow(user, deps, input))
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError('listing/duplicate');
  if (await notifyMatchRequests(tx, row, deps.clock.now(), deps.notifier.config.appUrl))
    deps.notifier.queued();
  noteListing(
    userLock,
    departureInstant(row.departure, row.time, ref.timeZoneOf(row.from)),
    flightKey(row.flightNo, row.departure),
  );
  await tellCourierSenders(tx, deps, row);
  return created(row);
};

/** The open courier requests the new listing matches become matched, and their senders hear of it. */
async function tellCourierSenders(tx: Tx, deps: Deps, row: typeof listings.$inferSelect): Promise<void> {
  const requests = await openRequestsMatching(tx, row);
  if (!requests.length) return;
  const now = deps.clock.now();
  for (const r of requests)
    if (r.status === 'submitted')
      await moveCourierRequest(tx, r.id, 'matched', 'A carrier is flying this route on your dates', now);
  await queueCourierMatches(tx, deps, requests);
}

/**
 * A run of add-listings in one insert (a long queue's drain), answering each as addListing would
 * in turn. Every refusal is decided first, in order: the checks above, the quota (the listings
 * read once under the user's lock, plus those accepted before in the run), and a flight already
 * listed. The last needs no insert to find out: under the lock no one else can add a listing of
 * this user's (every insert of theirs checks the quota under it), so their flights read with the
 * quota's listings (once for the push's runs, quotas.checks.ts), plus those accepted since, are
 * all there is. Should the insert still skip a row, the run throws and the push applies the batch
 * one by one. Then one statement asks whether anyone waits on the new listings' routes.
 */
export const addListings: BatchMutator<'add-listing'> = async ({ tx, user, deps, ref, userLock }, inputs) => {
  const now = deps.clock.now();
  // Each input's refusal, or the row it will insert.
  const decided: (ApiError | NewListing)[] = [];
  let open: number | null = null;
  let taken: Set<string> | null = null;
  for (const input of inputs) {
    try {
      refusalBeforeQuota(user, ref, input);
      if (open === null) {
        const instants = await listingInstants(tx, user.id, now, ref, userLock);
        open = instants.filter((at) => at > now).length;
      }
      if (open >= deps.config.openListingsMax) throw listingQuotaReached(deps.config.openListingsMax);
      if (taken === null) taken = await listingFlights(tx, user.id, now, ref, userLock);
      const key = flightKey(input.flightNo, input.departure);
      if (taken.has(key)) throw new ApiError('listing/duplicate');
      taken.add(key);
      const row = newRow(user, deps, input);
      const instant = departureInstant(row.departure, row.time, ref.timeZoneOf(row.from));
      if (instant > now) open += 1;
      decided.push(row);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      decided.push(err);
    }
  }
  const rows = decided.filter((d): d is NewListing => !(d instanceof ApiError));
  const inserted = rows.length
    ? await tx.insert(listings).values(rows).onConflictDoNothing().returning()
    : [];
  if (inserted.length !== rows.length) throw new Error('add-listing run: a row was not inserted');
  // Unmatched searches of these routes and dates hear of them (issue 30), each in turn as one by
  // one would, and so do the senders of open courier requests on them; both asked once for the
  // run first, in one statement, since a drain's listings almost never have any. The same
  // statement reads the carrier's rating totals: each answer's listing is then the row the pull
  // that follows brings (carrierRating), and the device does not write it a second time.
  const [waiting] = inserted.length
    ? await tx
        .select({
          untold: sql<boolean>`exists ${untoldSearchesOf(tx, user.id, inserted)}`,
          senders: sql<boolean>`exists ${openRequestsOn(tx, user.id, inserted)}`,
          totals: { total: ratingTotals.total, count: ratingTotals.count, people: ratingTotals.people },
        })
        .from(users)
        .leftJoin(ratingTotals, eq(ratingTotals.userId, users.id))
        .where(eq(users.id, user.id))
    : [];
  let told = 0;
  if (waiting?.untold)
    for (const row of inserted) told += await notifyMatchRequests(tx, row, now, deps.notifier.config.appUrl);
  if (told) deps.notifier.queued();
  const senders = waiting?.senders === true;
  const byId = new Map(inserted.map((r) => [r.id, r]));
  const replies = decided.map((d) => {
    if (d instanceof ApiError) return d;
    const row = byId.get(d.id as string);
    if (!row) throw new Error('add-listing run: a row was not returned');
    noteListing(
      userLock,
      departureInstant(row.departure, row.time, ref.timeZoneOf(row.from)),
      flightKey(row.flightNo, row.departure),
    );
    return row;
  });
  const out: (ApiError | Reply)[] = [];
  for (const d of replies) {
    if (d instanceof ApiError) out.push(d);
    else {
      if (senders) await tellCourierSenders(tx, deps, d);
      out.push(created(d, waiting?.totals ?? null));
    }
  }
  return out;
};
