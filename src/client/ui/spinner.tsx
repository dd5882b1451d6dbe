// A spinning ring with a text alternative.
import { useT } from '@/client/i18n/i18n';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-slate-500">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
      />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
