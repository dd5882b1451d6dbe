// An unread-message count: the number is shown (never colour alone) and said in words to screen
// readers ("3 unread messages"). Nothing for zero.
import { t } from '@/client/i18n/i18n';
export function unreadText(count: number): string {
  return t('badge.unread', { count });
}

export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold leading-5 text-white ${className}`}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">, {unreadText(count)}</span>
    </span>
  );
}
