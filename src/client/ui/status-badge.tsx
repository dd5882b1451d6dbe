// A booking's status as a labelled pill: the word is always shown, colour only reinforces it.
import { type MessageKey, useT } from '@/client/i18n/i18n';
import type { BookingStatus } from '@/domain/booking/status';

const TONES: Record<BookingStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  accepted: 'bg-sky-50 text-sky-800 ring-sky-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** A booking status's word: the shell catalogue's `status.booking.<status>` (any screen may use it). */
export function bookingStatusKey(status: BookingStatus): MessageKey {
  return `status.booking.${status}` satisfies MessageKey;
}

export function StatusBadge({ status }: { status: BookingStatus }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}
    >
      {t(bookingStatusKey(status))}
    </span>
  );
}
