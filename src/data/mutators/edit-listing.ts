// edit-listing on the device: the carrier's listing shows its new price, weight, departure and
// flight at once; the server's answer becomes the confirmed row.
import * as v from 'valibot';
import { listingSchema } from '@/domain/listing/schema';
import type { LocalMutator } from '../engine';
import { confirmRow, patchRow } from '../engine';

const answer = v.object({ listing: listingSchema });

export const editListing: LocalMutator<'edit-listing'> = {
  label: (a) => ({ key: 'editListing', values: { flightNo: a.flightNo } }),
  async apply({ db }, entry) {
    const { listingId, departure, time, flightNo, weight, cost } = entry.args;
    const row = await db.listings.get(listingId);
    if (!row) return;
    const available = Math.max(0, row.available + (weight - row.weight));
    await patchRow(db.listings, listingId, { departure, time, flightNo, weight, cost, available }, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.listings, server.output.listing, entry);
  },
};
