// The traveller's own Cancel: shown while the booking can still be cancelled from this side (pending,
// or accepted before the cut-off, or after the carrier changed the flight); asks first with the
// reason list, then holds the change for an Undo. The cut-off is the server's (its last pull said
// it), so the button and its words agree with what the server will decide; past it, a line says
// that only the carrier can cancel now.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { t as activeT, useT } from '@/client/i18n/i18n';
import { refusalOr } from '@/client/i18n/refusals';
import { Button } from '@/client/ui/button';
import { cancelMyBooking, type OrderRow, travellerCancelQuery } from '@/data';
import { TRAVELLER_CANCEL_REASONS } from '@/domain/booking/reasons';
import { ReasonDialog } from './reason-dialog';
import { undoToast } from './undo-toast';

export function TravellerCancel({ row }: { row: OrderRow }) {
  const t = useT('search');
  const store = useStore();
  const [asking, setAsking] = useState(false);
  const decided = useLiveQuery(() => travellerCancelQuery(store, row), [store, row]);
  if (row.status !== 'pending' && row.status !== 'accepted') return null;
  if (!decided) return null;
  const carrier = row.carrierName || t('search.cancel.theCarrier');
  // "6 hours", "1 hour", "1.5 hours".
  const cutoff = t('search.cancel.hours', { count: decided.cutoffHours });
  if (!decided.verdict.ok)
    return decided.verdict.code === 'booking/cancel-too-late' ? (
      <p className="text-sm text-slate-700">{t('search.cancel.tooLate', { cutoff, carrier })}</p>
    ) : null;
  return (
    <>
      <Button variant="danger" className="min-h-9 px-3" onClick={() => setAsking(true)}>
        {t('search.cancel.button')}
      </Button>
      {asking ? (
        <ReasonDialog
          title={t('search.cancel.title')}
          description={
            row.status === 'pending'
              ? t('search.cancel.pending', { carrier })
              : row.flightChangedAt
                ? t('search.cancel.flightChanged', { carrier })
                : t('search.cancel.accepted', { carrier, cutoff })
          }
          reasons={TRAVELLER_CANCEL_REASONS}
          confirmLabel={t('search.cancel.button')}
          onCancel={() => setAsking(false)}
          onConfirm={(reason) => {
            setAsking(false);
            cancelMyBooking(store, row.id, reason).then(
              (queued) => undoToast(store, activeT('search.cancel.done'), queued),
              (err: unknown) => toast.error(refusalOr(err, activeT('search.cancel.failed'))),
            );
          }}
        />
      ) : null}
    </>
  );
}
