// The notice both sides of a booking get when the team resolves its payment dispute (issue 31):
// one booking-news row each, queued in the resolution's transaction, so the notifier sends a push
// to each device the user turned notifications on for or, with none, an e-mail (fan-out.ts), in
// the user's language. The push names the booking by its size and total only (what a lock screen
// may show); the mail also names the flight and the booking's reference, and gives the team's
// resolution (the reason the team wrote, also kept in the audit log).
import { formatPrice } from '@/domain/format';
import { bookingLink } from '@/domain/notify/booking-link';
import type { Tx } from '../db/client';
import { enqueue, type OutboundMessage } from './queue';

export interface DisputedBooking {
  id: string;
  carrierId: string;
  travellerId: string;
  weightGrams: number;
  cost: number;
  flightNo: string;
}

const kg = (grams: number) => `${Math.round(grams / 10) / 100} KG`;

/** The row for one side; English title and body stay as the fallback of a row read without `text`. */
function noticeFor(side: 'carrier' | 'traveller', b: DisputedBooking, resolution: string): OutboundMessage {
  const size = kg(b.weightGrams);
  const amount = formatPrice(b.cost);
  return {
    channel: 'booking',
    userId: side === 'carrier' ? b.carrierId : b.travellerId,
    notification: {
      title: 'Payment dispute resolved',
      body: `The Carry team resolved the payment dispute on your booking of ${size} (${amount}). Open Carry to see the booking.`,
      url: bookingLink(side, b.id),
      tag: `booking-${b.id}`,
      text: {
        key: 'notify.dispute-resolved',
        size,
        values: { amount, flight: b.flightNo, ref: b.id.slice(0, 8).toUpperCase(), resolution },
        detail: true,
      },
    },
  };
}

/** Queues the notice for both sides; the caller wakes the notifier after its commit. */
export async function queueDisputeResolved(
  tx: Tx,
  booking: DisputedBooking,
  resolution: string,
  nowMs: number,
) {
  await enqueue(
    tx,
    [noticeFor('traveller', booking, resolution), noticeFor('carrier', booking, resolution)],
    nowMs,
  );
}
