// A courier request's status as a labelled pill: the word is always shown, colour only reinforces it.
import { type MessageKey, useT } from '@/client/i18n/i18n';
import type { CourierStatus } from '@/domain/courier/status';

const TONES: Record<CourierStatus, string> = {
  submitted: 'bg-amber-50 text-amber-800 ring-amber-200',
  matched: 'bg-sky-50 text-sky-800 ring-sky-200',
  booked: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  closed: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** A courier request status's word: the shell catalogue's `status.courier.<status>` (any screen may use it). */
export function courierStatusKey(status: CourierStatus): MessageKey {
  return `status.courier.${status}` satisfies MessageKey;
}

export function CourierStatusBadge({ status }: { status: CourierStatus }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}
    >
      {t(courierStatusKey(status))}
    </span>
  );
}
