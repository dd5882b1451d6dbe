// A count of requests waiting for the carrier's answer: the number shown (amber, apart from the
// unread-message count) and said in words to screen readers. Nothing for zero.
import { t } from '@/client/i18n/i18n';
export function requestsText(count: number): string {
  return t('badge.requests', { count });
}

export function RequestsBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold leading-5 text-slate-950 ${className}`}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">, {requestsText(count)}</span>
    </span>
  );
}
