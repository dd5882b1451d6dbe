// One option of a picker's list (combobox-field.tsx). Memoised on what it shows: a keystroke that
// keeps an airport in the list, or an arrow key that moves the highlight, renders only the
// options whose place or highlight changed, not the whole list. `onPick` must be stable (the
// list passes one function for every option, which is given the choice).
import { memo } from 'react';
import type { Choice } from '@/domain/reference/match';

interface ComboOptionProps {
  id: string;
  choice: Choice;
  active: boolean;
  onPick: (choice: Choice) => void;
}

export const ComboOption = memo(function ComboOption({ id, choice, active, onPick }: ComboOptionProps) {
  // Two lines from one grid (city and code above, airport and country below): three boxes and
  // the code's two hidden commas per option, which a keystroke rewrites and lays out again.
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant), as the APG pattern says
    <div
      id={id}
      role="option"
      aria-selected={active}
      className={`cursor-pointer px-3 py-2 text-sm text-slate-900 ${choice.detail ? 'grid grid-cols-[1fr_auto] items-baseline gap-x-2' : ''} ${active ? 'bg-brand-50' : ''}`}
      // mousedown, not click: the input must not blur (and close the list) first.
      onMouseDown={(e) => {
        e.preventDefault();
        onPick(choice);
      }}
    >
      {choice.detail ? (
        <>
          <span className={active ? 'font-semibold' : 'font-medium'}>{choice.title}</span>
          {/* Read as one phrase, "Mumbai (BOM), Chhatrapati Shivaji … Airport, India", not the
              lines run together. */}
          <span className="font-mono text-xs font-semibold text-slate-700">
            <span className="sr-only"> (</span>
            {choice.value}
            <span className="sr-only">), </span>
          </span>
          <span className="col-span-2 truncate text-xs text-slate-600">{choice.detail}</span>
        </>
      ) : (
        <span className={active ? 'font-medium' : ''}>{choice.label}</span>
      )}
    </div>
  );
});
