// A row of filter pills; the chosen one is marked with aria-pressed and a filled style.
interface PillTabsProps<T extends string> {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

export function PillTabs<T extends string>({ label, options, value, onChange }: PillTabsProps<T>) {
  return (
    <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => {
        const active = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(o.value)}
            className={`shrink-0 rounded-full px-4 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors ${
              active
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {o.label}
          </button>
        );
      })}
    </fieldset>
  );
}
