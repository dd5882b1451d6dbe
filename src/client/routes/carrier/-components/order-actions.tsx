// The carrier's buttons for one order, from the domain status machine; 'Completed' when done.
// Accept is one tap; Decline and Cancel ask first, with a reason, and are held for an Undo;
// Complete before the flight's departure asks first. A refused or failed update is logged only
// (SPEC section 8); the row shows its sync state.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { refusalMessageText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { ReasonDialog } from '@/client/routes/-components/reason-dialog';
import { undoToast } from '@/client/routes/-components/undo-toast';
import { Button } from '@/client/ui/button';
import { ConfirmDialog } from '@/client/ui/confirm-dialog';
import {
  airportsQuery,
  completeBooking,
  endOrder,
  handoffRefusal,
  markPaymentReceived,
  type OrderRow,
  serverNowKnown,
  updateBookingStatus,
} from '@/data';
import { CARRIER_REASONS, type Reason } from '@/domain/booking/reasons';
import { availableActions, type BookingAction } from '@/domain/booking/status';
import { formatDayMonth, formatPrice } from '@/domain/format';
import { departureInstant } from '@/domain/listing/departure';
import { CompleteDialog, type PaymentAnswer } from './complete-dialog';

const LABELS = {
  accept: 'carrier.action.accept',
  decline: 'carrier.action.decline',
  cancel: 'carrier.action.cancel',
  complete: 'carrier.action.complete',
} as const satisfies Record<BookingAction, string>;
const VARIANTS = { accept: 'success', decline: 'danger', cancel: 'danger', complete: 'primary' } as const;

export function OrderActions({ row }: { row: OrderRow }) {
  const t = useT('carrier');
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [ending, setEnding] = useState<'decline' | 'cancel' | null>(null);
  const [early, setEarly] = useState(false);
  const f = row.flightDetails;
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
          {t('validation.deliveryConfirming')}
        </span>
      );
    }
    return (
      <span className="rounded-full bg-emerald-700 px-3 py-1 text-xs font-semibold text-white">
        {t('carrier.action.completed')}
      </span>
    );
  }
  async function end(action: 'decline' | 'cancel', reason: Reason) {
    setEnding(null);
    try {
      const result = await endOrder(store, row.id, action, reason);
      if (!result.ok || !result.key) return void console.warn('Status change refused', result);
      const done = t(action === 'decline' ? 'carrier.action.declined' : 'carrier.action.cancelled');
      undoToast(store, done, { key: result.key, holdMs: result.holdMs ?? 0 });
    } catch (err) {
      console.error('Status update failed', err);
    }
  }
  async function run(action: BookingAction) {
    if (action === 'complete') {
      const zone = (await airportsQuery(store)).find((a) => a.code === f.from)?.timeZone || undefined;
      const departs = departureInstant(f.departure, f.time, zone);
      if (serverNowKnown(store) < departs) setEarly(true);
      else setAsking(true);
      return;
    }
    if (action === 'decline' || action === 'cancel') {
      setEnding(action);
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
          {refusalMessageText(refusal, t)}
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
          {t(LABELS[action])}
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
      {early ? (
        <ConfirmDialog
          title={t('carrier.action.earlyTitle')}
          description={t('carrier.action.earlyText', {
            date: formatDayMonth(f.departure, LOCALE),
            time: f.time,
          })}
          confirmLabel={t('carrier.action.earlyConfirm')}
          cancelLabel={t('carrier.action.notYet')}
          onConfirm={() => {
            setEarly(false);
            setAsking(true);
          }}
          onCancel={() => setEarly(false)}
        />
      ) : null}
      {ending ? (
        <ReasonDialog
          title={t(ending === 'decline' ? 'carrier.action.declineTitle' : 'carrier.action.cancelTitle', {
            name: row.name,
          })}
          description={
            ending === 'decline' ? t('carrier.action.declineText') : t('carrier.action.cancelText')
          }
          reasons={CARRIER_REASONS}
          confirmLabel={t(
            ending === 'decline' ? 'carrier.action.declineConfirm' : 'carrier.action.cancelConfirm',
          )}
          onConfirm={(reason) => void end(ending, reason)}
          onCancel={() => setEnding(null)}
        />
      ) : null}
    </>
  );
}
