// The carrier's buttons for one order, from the domain status machine; 'Completed' when done.
// A refused or failed update is logged only (SPEC section 8); the row shows its sync state.
import { useState } from 'react';
import { useStore } from '@/client/hooks/store';
import { Button } from '@/client/ui/button';
import { type OrderRow, updateBookingStatus } from '@/data';
import { availableActions, type BookingAction } from '@/domain/booking/status';

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
  if (row.status === 'completed') {
    return (
      <span className="rounded-full bg-emerald-600 px-3 py-1 text-xs font-semibold text-white">
        ✓ Completed
      </span>
    );
  }
  async function run(action: BookingAction) {
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
    </>
  );
}
