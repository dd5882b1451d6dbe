// The traveller's own Cancel: shown while the booking can still be cancelled from this side (pending,
// or accepted before the cut-off, or after the carrier changed the flight); asks first with the
// reason list, then holds the change for an Undo. The cut-off is the server's (its last pull said
// it), so the button and its words agree with what the server will decide; past it, a line says
// that only the carrier can cancel now.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { refusalOr } from '@/client/i18n/refusals';
import { Button } from '@/client/ui/button';
import { cancelMyBooking, type OrderRow, travellerCancelQuery } from '@/data';
import { TRAVELLER_CANCEL_REASONS } from '@/domain/booking/reasons';
import { ReasonDialog } from './reason-dialog';
import { undoToast } from './undo-toast';

/** "6 hours", "1 hour", "1.5 hours". */
function hoursText(hours: number): string {
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

export function TravellerCancel({ row }: { row: OrderRow }) {
  const store = useStore();
  const [asking, setAsking] = useState(false);
  const decided = useLiveQuery(() => travellerCancelQuery(store, row), [store, row]);
  if (row.status !== 'pending' && row.status !== 'accepted') return null;
  if (!decided) return null;
  const carrier = row.carrierName || 'The carrier';
  const cutoff = hoursText(decided.cutoffHours);
  if (!decided.verdict.ok)
    return decided.verdict.code === 'booking/cancel-too-late' ? (
      <p className="text-sm text-slate-700">
        The flight leaves in less than {cutoff}, so only {carrier} can cancel this booking now. Ask them in
        Messages.
      </p>
    ) : null;
  return (
    <>
      <Button variant="danger" className="min-h-9 px-3" onClick={() => setAsking(true)}>
        Cancel booking
      </Button>
      {asking ? (
        <ReasonDialog
          title="Cancel this booking?"
          description={
            row.status === 'pending'
              ? `${carrier} has not answered yet. The request is withdrawn and ${carrier} sees your reason.`
              : row.flightChangedAt
                ? `The carrier changed the flight, so you may cancel without penalty. ${carrier} sees your reason.`
                : `${carrier} has accepted and may be planning for your luggage; they see your reason. Later than ${cutoff} before departure, only the carrier can cancel.`
          }
          reasons={TRAVELLER_CANCEL_REASONS}
          confirmLabel="Cancel booking"
          onCancel={() => setAsking(false)}
          onConfirm={(reason) => {
            setAsking(false);
            cancelMyBooking(store, row.id, reason).then(
              (queued) => undoToast(store, 'Booking cancelled', queued),
              (err: unknown) => toast.error(refusalOr(err, 'The booking could not be cancelled.')),
            );
          }}
        />
      ) : null}
    </>
  );
}
