// book on the device: the booking shows in My Bookings at once, and the space shown in search
// results shrinks by its weight (given back by a rebase or a discard).
import * as v from 'valibot';
import { type Order, orderSchema } from '@/domain/booking/schema';
import type { LocalMutator } from '../engine';
import { confirmRow, localId, patchRow, putLocalRow } from '../engine';

const answer = v.object({ booking: orderSchema });

export const book: LocalMutator<'book'> = {
  label: (a) => ({ key: 'book', values: { weight: a.weight, flightNo: a.flightDetails?.flightNo ?? '' } }),
  async apply({ db }, entry) {
    const a = entry.args;
    const f = a.flightDetails;
    await putLocalRow<Order>(
      db.bookings,
      {
        id: localId(entry.key),
        listingId: `${localId(entry.key)}_passenger`,
        name: a.name,
        email: a.email,
        phone: a.phone,
        carrierName: a.carrierName,
        carrierEmail: a.carrierEmail,
        weight: a.weight,
        cost: a.weight * entry.local.costPerKg,
        status: 'pending',
        flightDetails: {
          from: f?.from ?? '',
          to: f?.to ?? '',
          departure: f?.departure ?? '',
          flightNo: f?.flightNo ?? '',
          airline: f?.airline ?? '',
          time: f?.time ?? '',
        },
        createdAt: { _seconds: Math.floor(entry.createdAt / 1000) },
      },
      entry,
    );
    // Booked for a courier request ("Book this"): the request shows booked at once.
    const request = a.courierRequestId ? await db.couriers.get(a.courierRequestId) : undefined;
    if (request) {
      const history = [...request.history, { status: 'booked' as const, at: entry.createdAt, note: '' }];
      await patchRow(db.couriers, request.id, { status: 'booked', history }, entry);
    }
    await db.searchResults
      .where('id')
      .equals(a.listingId)
      .modify((r) => {
        r.confirmedAvailable ??= r.available;
        r.available = Math.max(0, r.available - a.weight);
      });
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.bookings, server.output.booking, entry, localId(entry.key));
    else await db.bookings.delete(localId(entry.key));
    // The server now holds the space too: it is part of what it confirmed.
    await db.searchResults
      .where('id')
      .equals(entry.args.listingId)
      .modify((r) => {
        if (r.confirmedAvailable !== undefined)
          r.confirmedAvailable = Math.max(0, r.confirmedAvailable - entry.args.weight);
      });
  },
  // The search results show the space the server reported again; apply takes it anew.
  async restore({ db }) {
    await db.searchResults
      .filter((r) => r.confirmedAvailable !== undefined)
      .modify((r) => {
        r.available = r.confirmedAvailable ?? r.available;
        delete r.confirmedAvailable;
      });
  },
};
