// What happens next with a booking, in words, for each status and side (booking details).
import type { OrderRow } from '@/data';
import type { ThreadSide } from '@/domain/message/schema';
import { upiCanPay } from '@/domain/payment/upi';

export function nextStepText(row: OrderRow, side: ThreadSide): string {
  const carrier = row.carrierName || 'the carrier';
  const traveller = row.name || 'the traveller';
  const mine = side === 'traveller';
  // By UPI only to a carrier with a UPI ID, and a total one UPI payment carries; else in cash.
  const byUpi = Boolean(row.payee?.upiId) && upiCanPay(row.cost);
  switch (row.status) {
    case 'pending':
      return mine
        ? `Waiting for ${carrier} to accept. They have 24 hours (less close to departure); until then you can cancel at any time. You pay the carrier at the hand-off, nothing before.`
        : `${traveller} is waiting for your answer. Accept or decline before the request expires (24 hours, or 2 hours before departure).`;
    case 'accepted':
      return mine
        ? `Accepted. Hand your luggage to the carrier before the flight; at arrival, when they hand it back, give them your hand-off code. ${byUpi ? 'Pay the carrier at the hand-off by their UPI code or in cash; paid by UPI, say I paid with its reference.' : 'Pay the carrier in cash at the hand-off.'}`
        : 'Accepted. Take the luggage before the flight; at arrival, hand it back and ask for the hand-off code to complete. When you are paid, mark the payment received.';
    case 'completed':
      return 'Delivered. You can rate each other for 48 hours.';
    case 'rejected':
      return mine
        ? 'Declined: nothing is owed. You can book another listing.'
        : 'Declined: the space is back on offer.';
    case 'cancelled':
      return mine
        ? 'Cancelled: nothing is owed. You can book another listing.'
        : 'Cancelled: the space is back on offer.';
    case 'expired':
      return mine ? 'Expired: nothing is owed. You can book another listing.' : 'Expired unanswered.';
  }
}
