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
  // Two block lines (city, then airport and country) and the code set at the right of the first,
  // out of the flow: a keystroke that rewrites the rows' text lays them out in one pass each,
  // with no grid or flex sizing of their items.
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant), as the APG pattern says
    <div
      id={id}
      role="option"
      aria-selected={active}
      className={`relative cursor-pointer px-3 py-2 text-sm text-slate-900 ${active ? 'bg-brand-50' : ''}`}
      // mousedown, not click: the input must not blur (and close the list) first.
      onMouseDown={(e) => {
        e.preventDefault();
        onPick(choice);
      }}
    >
      {choice.detail ? (
        <>
          <span className={`block pr-10 ${active ? 'font-semibold' : 'font-medium'}`}>{choice.title}</span>
          {/* Read as one phrase, "Mumbai (BOM), Chhatrapati Shivaji … Airport, India", not the
              lines run together. */}
          <span className="absolute top-[0.6875rem] right-3 font-mono text-xs font-semibold text-slate-700">
            <span className="sr-only"> (</span>
            {choice.value}
            <span className="sr-only">), </span>
          </span>
          <span className="block truncate text-xs text-slate-600">{choice.detail}</span>
        </>
      ) : (
        <span className={active ? 'font-medium' : ''}>{choice.label}</span>
      )}
    </div>
  );
});
