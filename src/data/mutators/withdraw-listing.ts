// withdraw-listing on the device: the listing shows withdrawn at once and its pending orders
// declined (orders carry the flight, not the listing's id: a carrier has one listing per flight
// and date). The server's answer confirms the listing; the orders come with the next pull.
import * as v from 'valibot';
import { WITHDRAWN_REASON } from '@/domain/booking/reasons';
import { listingSchema } from '@/domain/listing/schema';
import type { LocalMutator } from '../engine';
import { confirmRow, patchRow } from '../engine';

const answer = v.object({ listing: listingSchema });

export const withdrawListing: LocalMutator<'withdraw-listing'> = {
  label: () => ({ key: 'withdrawListing' }),
  async apply({ db, now }, entry) {
    const listing = await db.listings.get(entry.args.listingId);
    if (!listing) return;
    await patchRow(db.listings, listing.id, { withdrawnAt: now }, entry);
    const at = Math.floor(now / 1000);
    const orders = await db.orders
      .filter(
        (o) =>
          o.flightDetails.flightNo === listing.flightNo &&
          o.flightDetails.departure === listing.departure &&
          (o.status === 'pending' || o.status === 'accepted'),
      )
      .toArray();
    for (const o of orders) {
      const status = o.status === 'pending' ? ('rejected' as const) : ('cancelled' as const);
      const reason = status === 'rejected' ? WITHDRAWN_REASON : entry.args.reason;
      const history = [...(o.history ?? []), { status, at, by: 'carrier' as const, reason }];
      await patchRow(db.orders, o.id, { status, history }, entry);
    }
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.listings, server.output.listing, entry);
  },
};
