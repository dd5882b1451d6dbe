// add-listing on the device: the new listing shows at once under a local id; the server's row
// replaces it when the push is answered.
import * as v from 'valibot';
import { type Listing, listingSchema } from '@/domain/listing/schema';
import type { OutboxEntryOf } from '@/domain/outbox/entry';
import type { LocalMutator } from '../engine';
import { confirmRow, confirmRows, localId, putLocalRow, putLocalRows } from '../engine';

const answer = v.object({ listing: listingSchema });

/** The optimistic row of an entry: its listing under a local id. */
function localRow(entry: OutboxEntryOf<'add-listing'>): Listing {
  const a = entry.args;
  return {
    id: localId(entry.key),
    email: a.email,
    name: a.name,
    from: a.from,
    to: a.to,
    flightNo: a.flightNo,
    airline: a.airline,
    departure: a.departure,
    time: a.time,
    weight: a.weight,
    available: a.weight,
    cost: a.cost,
    createdAt: entry.createdAt,
  };
}

export const addListing: LocalMutator<'add-listing'> = {
  label: (a) => ({ key: 'addListing', values: { from: a.from, to: a.to, flightNo: a.flightNo } }),
  async apply({ db }, entry) {
    await putLocalRow(db.listings, localRow(entry), entry);
  },
  // Each entry has its own row: one bulkPut is the same as a put each.
  async applyAll({ db }, entries) {
    await putLocalRows(
      db.listings,
      entries.map((entry) => ({ row: localRow(entry), entry })),
    );
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.listings, server.output.listing, entry, localId(entry.key));
    else await db.listings.delete(localId(entry.key));
  },
  async settleAll({ db }, settled) {
    const confirmed = [];
    const gone = [];
    for (const { entry, body } of settled) {
      const server = v.safeParse(answer, body);
      if (server.success) confirmed.push({ row: server.output.listing, entry, replaces: localId(entry.key) });
      else gone.push(localId(entry.key));
    }
    // Each entry has its own local row, and the server's rows are new: the order between the
    // deletes and the confirmations cannot matter.
    await db.listings.bulkDelete(gone);
    await confirmRows(db.listings, confirmed);
  },
};
