// The results filter: the price per KG and the space left on the listing, checkbox groups (any-of,
// inclusive): the spec's Budget Range and Luggage Weight, named for what they filter. The domain's
// ranges are ids; their names are the catalogue's.
import { type AreaKeys, useT } from '@/client/i18n/i18n';
import {
  BUDGET_RANGES,
  type BudgetRangeId,
  WEIGHT_RANGES,
  type WeightRangeId,
} from '@/domain/listing/filters';

type SearchKey = AreaKeys['search'];

const RANGE_LABEL: Record<BudgetRangeId | WeightRangeId, SearchKey> = {
  'under-1000': 'search.filters.budget.under1000',
  '1000-3000': 'search.filters.budget.1000to3000',
  '3000-5000': 'search.filters.budget.3000to5000',
  'over-5000': 'search.filters.budget.over5000',
  'under-1': 'search.filters.weight.under1',
  '1-3': 'search.filters.weight.1to3',
  '3-10': 'search.filters.weight.3to10',
  'over-10': 'search.filters.weight.over10',
};

export interface FilterState {
  budgets: string[];
  weights: string[];
}

export const NO_FILTERS: FilterState = { budgets: [], weights: [] };

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

function Group({
  legend,
  ranges,
  chosen,
  onToggle,
}: {
  legend: string;
  ranges: readonly { id: BudgetRangeId | WeightRangeId }[];
  chosen: string[];
  onToggle: (id: string) => void;
}) {
  const t = useT('search');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      {ranges.map((r) => (
        <label
          key={r.id}
          className="flex cursor-pointer items-center gap-2.5 rounded-md py-1 text-sm text-slate-700"
        >
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-brand-700"
            checked={chosen.includes(r.id)}
            onChange={() => onToggle(r.id)}
          />
          {t(RANGE_LABEL[r.id])}
        </label>
      ))}
    </fieldset>
  );
}

export function SearchFilters({
  value,
  onChange,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
}) {
  const t = useT('search');
  return (
    <div className="flex flex-col gap-6">
      <Group
        legend={t('search.filters.price')}
        ranges={BUDGET_RANGES}
        chosen={value.budgets}
        onToggle={(id) => onChange({ ...value, budgets: toggle(value.budgets, id) })}
      />
      <Group
        legend={t('search.filters.space')}
        ranges={WEIGHT_RANGES}
        chosen={value.weights}
        onToggle={(id) => onChange({ ...value, weights: toggle(value.weights, id) })}
      />
      {value.budgets.length + value.weights.length > 0 ? (
        <button
          type="button"
          onClick={() => onChange(NO_FILTERS)}
          className="self-start text-sm font-medium text-brand-700 hover:underline"
        >
          {t('search.filters.clear')}
        </button>
      ) : null}
    </div>
  );
}
