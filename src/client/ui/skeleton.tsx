// Loading placeholders: grey pulsing blocks in the shape of what is coming.
import { useT } from '@/client/i18n/i18n';

export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

/** A stack of card-shaped placeholders, announced once to screen readers. */
export function SkeletonCards({ count = 3, label }: { count?: number; label?: string }) {
  const t = useT();
  return (
    <div role="status" aria-label={label ?? t('common.loading')} className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="rounded-2xl border border-slate-200 bg-white p-4">
          <Skeleton className="mb-3 h-5 w-1/2" />
          <Skeleton className="mb-2 h-4 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}
