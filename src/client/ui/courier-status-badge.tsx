// A courier request's status as a labelled pill: the word is always shown, colour only reinforces it.
import { type AreaKeys, useT } from '@/client/i18n/i18n';
import type { CourierStatus } from '@/domain/courier/status';

/** Each status's words (the domain keeps codes only). */
export const COURIER_STATUS_TEXT = {
  submitted: 'sender.status.submitted',
  matched: 'sender.status.matched',
  booked: 'sender.status.booked',
  delivered: 'sender.status.delivered',
  closed: 'sender.status.closed',
} as const satisfies Record<CourierStatus, AreaKeys['sender']>;

const TONES: Record<CourierStatus, string> = {
  submitted: 'bg-amber-50 text-amber-800 ring-amber-200',
  matched: 'bg-sky-50 text-sky-800 ring-sky-200',
  booked: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  closed: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function CourierStatusBadge({ status }: { status: CourierStatus }) {
  const t = useT('sender');
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}
    >
      {t(COURIER_STATUS_TEXT[status])}
    </span>
  );
}
