// The results filter: the price per KG and the space left on the listing, checkbox groups (any-of,
// inclusive): the spec's Budget Range and Luggage Weight, named for what they filter.
import { BUDGET_RANGES, type Range, WEIGHT_RANGES } from '@/domain/listing/filters';

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
  ranges: readonly Range[];
  chosen: string[];
  onToggle: (id: string) => void;
}) {
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
          {r.label}
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
  return (
    <div className="flex flex-col gap-6">
      <Group
        legend="Price per KG"
        ranges={BUDGET_RANGES}
        chosen={value.budgets}
        onToggle={(id) => onChange({ ...value, budgets: toggle(value.budgets, id) })}
      />
      <Group
        legend="Space available"
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
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
