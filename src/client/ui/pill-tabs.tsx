// A row of filter pills; the chosen one is marked with aria-pressed and a filled style. On a
// phone the row scrolls sideways: the chosen pill is scrolled into it whenever the choice changes
// (a deep link, back or forward), so it is never hidden past the edge.
import { useEffect, useRef } from 'react';

interface PillTabsProps<T extends string> {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

export function PillTabs<T extends string>({ label, options, value, onChange }: PillTabsProps<T>) {
  const row = useRef<HTMLFieldSetElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice changes
  useEffect(() => {
    // After the frame: the router restores scrolled boxes (this row too) once a navigation has
    // rendered, to where they were in the entry it came from.
    const frame = requestAnimationFrame(() => {
      const box = row.current;
      const chosen = box?.querySelector<HTMLElement>('[aria-pressed="true"]');
      if (!box || !chosen) return;
      // Only sideways, within the row: the page keeps its own scroll.
      const left = Math.max(0, chosen.offsetLeft - 4);
      const right = chosen.offsetLeft + chosen.offsetWidth + 4;
      if (left < box.scrollLeft) box.scrollLeft = left;
      else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth;
    });
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return (
    <fieldset ref={row} className="relative -mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1">
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
