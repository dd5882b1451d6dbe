// A search that has run, in one line above its results ("DEL → BOM · Sat, 30 Nov · AI101"), with
// Edit to open the form again: on a phone the results come first, not under the form.
import { Pencil } from 'lucide-react';
import { useT } from '@/client/i18n/i18n';
import { TextPlaceholder } from '@/client/ui/flight-route';
import { formatWeekdayDayMonth } from '@/domain/format';
import type { SearchFormValues } from '@/domain/listing/schema';
import type { Reference } from './use-reference';

interface SearchSummaryProps {
  values: Pick<SearchFormValues, 'from' | 'to' | 'departure' | 'flightNo'>;
  reference: Reference;
  locale: string;
  onEdit: () => void;
}

export function SearchSummary({ values, reference, locale, onEdit }: SearchSummaryProps) {
  const t = useT('search');
  const place = (code: string) => reference.cityOf(code) ?? code;
  return (
    <section aria-label={t('search.summary.label')} className="flex items-center justify-between gap-3">
      <p className="min-w-0 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">
          {values.from} → {values.to}
        </span>
        {' · '}
        {formatWeekdayDayMonth(values.departure, locale)}
        {values.flightNo ? ` · ${values.flightNo}` : ''}
        <span className="block h-4 truncate text-xs leading-4 text-slate-600">
          {reference.loading ? (
            <TextPlaceholder width="w-40" />
          ) : (
            t('search.summary.places', { from: place(values.from), to: place(values.to) })
          )}
        </span>
      </p>
      <button
        type="button"
        onClick={onEdit}
        aria-label={t('search.summary.editLabel')}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-brand-700"
      >
        <Pencil aria-hidden="true" className="size-4" /> {t('search.summary.edit')}
      </button>
    </section>
  );
}
