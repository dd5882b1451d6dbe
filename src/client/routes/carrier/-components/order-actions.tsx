// The carrier's buttons for one order, from the domain status machine; 'Completed' when done.
// A refused or failed update is logged only (SPEC section 8); the row shows its sync state.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { Button } from '@/client/ui/button';
import {
  completeBooking,
  handoffRefusal,
  markPaymentReceived,
  type OrderRow,
  updateBookingStatus,
} from '@/data';
import { availableActions, type BookingAction } from '@/domain/booking/status';
import { formatPrice } from '@/domain/format';
import { MSG } from '@/domain/texts';
import { CompleteDialog, type PaymentAnswer } from './complete-dialog';

const LABELS: Record<BookingAction, string> = {
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  complete: 'Complete',
};
const VARIANTS = { accept: 'success', decline: 'danger', cancel: 'danger', complete: 'primary' } as const;

export function OrderActions({ row }: { row: OrderRow }) {
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const refusal = useLiveQuery(() => handoffRefusal(store, row.id), [store, row.id]);
  const closeDialog = useCallback(() => setAsking(false), []);
  const complete = useCallback(
    async (code: string, payment: PaymentAnswer) => {
      // The payment first, while the booking is accepted: the receipt mailed on completion has it.
      if (payment !== 'not-yet') await markPaymentReceived(store, row.id, payment);
      const result = await completeBooking(store, row.id, code);
      if (!result.ok) console.warn('Completion refused', result);
      setAsking(false);
    },
    [store, row.id],
  );
  if (row.status === 'completed') {
    // Recorded on this device (perhaps with no signal); the server has not agreed yet. A refused
    // one shows the server's reason with Retry and Discard beside it (SyncState), not a badge.
    if (row.syncState === 'failed') return null;
    if (row.syncState === 'pending') {
      return (
        <span
          role="status"
          className="rounded-full bg-sky-50 px-3 py-1 text-xs font-semibold text-sky-800 ring-1 ring-sky-200"
        >
          {MSG.deliveryConfirming}
        </span>
      );
    }
    return (
      <span className="rounded-full bg-emerald-700 px-3 py-1 text-xs font-semibold text-white">
        ✓ Completed
      </span>
    );
  }
  async function run(action: BookingAction) {
    if (action === 'complete') {
      setAsking(true);
      return;
    }
    setBusy(true);
    try {
      const result = await updateBookingStatus(store, row.id, action);
      if (!result.ok) console.warn('Status change refused', result);
    } catch (err) {
      console.error('Status update failed', err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {row.status === 'accepted' && refusal ? (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
      {availableActions(row.status).map((action) => (
        <Button
          key={action}
          variant={VARIANTS[action]}
          className="min-h-9 px-3"
          disabled={busy}
          onClick={() => void run(action)}
        >
          {LABELS[action]}
        </Button>
      ))}
      {asking ? (
        <CompleteDialog
          travellerName={row.name}
          askPayment={row.payment?.state === 'received' ? null : formatPrice(row.cost)}
          onComplete={complete}
          onCancel={closeDialog}
        />
      ) : null}
    </>
  );
}
