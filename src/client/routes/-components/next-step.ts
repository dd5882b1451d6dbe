// What happens next with a booking, in words, for each status and side (booking details).
import type { AreaKeys, Translate } from '@/client/i18n/i18n';
import type { OrderRow } from '@/data';
import type { ThreadSide } from '@/domain/message/schema';
import { upiCanPay } from '@/domain/payment/upi';

export function nextStepText(row: OrderRow, side: ThreadSide, t: Translate<AreaKeys['search']>): string {
  const carrier = row.carrierName || t('search.next.theCarrier');
  const traveller = row.name || t('search.next.theTraveller');
  const mine = side === 'traveller';
  // By UPI only to a carrier with a UPI ID, and a total one UPI payment carries; else in cash.
  const byUpi = Boolean(row.payee?.upiId) && upiCanPay(row.cost);
  switch (row.status) {
    case 'pending':
      return mine ? t('search.next.pending', { carrier }) : t('search.next.pendingCarrier', { traveller });
    case 'accepted':
      return mine
        ? t(byUpi ? 'search.next.acceptedUpi' : 'search.next.acceptedCash')
        : t('search.next.acceptedCarrier');
    case 'completed':
      return t('search.next.completed');
    case 'rejected':
      return t(mine ? 'search.next.rejected' : 'search.next.rejectedCarrier');
    case 'cancelled':
      return t(mine ? 'search.next.cancelled' : 'search.next.cancelledCarrier');
    case 'expired':
      return t(mine ? 'search.next.expired' : 'search.next.expiredCarrier');
  }
}
