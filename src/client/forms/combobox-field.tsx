// An airport or airline picker for the current form field, after the WAI-ARIA editable combobox
// with list autocomplete: type a code, city or name ("del", "Delhi", "Indira" all find DEL),
// move with the arrow keys, Enter picks, Escape closes (then clears). Recent choices come first.
// The field stores the code; the input shows the chosen option's short form ("Mumbai (BOM)"),
// which fits a phone, and its full label as a tooltip.
import { useId, useMemo, useRef, useState } from 'react';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { type Choice, rankChoices } from '@/domain/reference/match';
import { useFieldControl } from './field-error';
import { readRecent, rememberRecent } from './recent-choices';

/** Enough to scroll with a thumb; typing narrows the rest. */
const MAX_SHOWN = 50;

interface ComboboxFieldProps {
  label: string;
  options: readonly Choice[];
  /** Where recent picks are remembered: 'airport' or 'airline'. */
  recentKind: string;
  /** A code not to offer (To leaves out From). */
  exclude?: string;
  placeholder?: string;
  onPick?: (code: string) => void;
}

export function ComboboxField({
  label,
  options,
  recentKind,
  exclude,
  placeholder,
  onPick,
}: ComboboxFieldProps) {
  const { field, error, control } = useFieldControl();
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const selected = options.find((o) => o.value === control.value);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shownText = text ?? selected?.short ?? selected?.label ?? '';

  // Ranked only while the list is open: thousands of airports are not sorted on every render.
  const matches = useMemo(() => {
    if (!open) return [];
    const pool = exclude ? options.filter((o) => o.value !== exclude) : options;
    return rankChoices(pool, text ?? '', readRecent(recentKind)).slice(0, MAX_SHOWN);
  }, [options, exclude, text, open, recentKind]);

  function pick(choice: Choice) {
    field.handleChange(choice.value);
    rememberRecent(recentKind, choice.value);
    onPick?.(choice.value);
    setText(null);
    setOpen(false);
    setActive(-1);
  }

  function move(to: number) {
    if (matches.length === 0) return;
    const next = (to + matches.length) % matches.length;
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        // Opens the list; Down (without Alt) and Up also put the first option forward.
        setOpen(true);
        if (!e.altKey) setActive(0);
      } else if (e.key === 'ArrowDown') move(active + 1);
      else move(active <= 0 ? matches.length - 1 : active - 1);
    } else if (e.key === 'Enter' && open) {
      const choice = matches[active] ?? (text ? matches[0] : undefined);
      if (choice) {
        e.preventDefault();
        pick(choice);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        setOpen(false);
        setActive(-1);
      } else {
        setText(null);
        field.handleChange('');
      }
    }
  }

  function onBlur() {
    // Leaving with text that names nothing restores the chosen label; an emptied input clears.
    if (text !== null && text.trim() === '') field.handleChange('');
    setText(null);
    setOpen(false);
    setActive(-1);
    field.handleBlur();
  }

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <Field id={control.id} label={label} error={error}>
      <div className="relative">
        <input
          id={control.id}
          name={control.name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
          className={CONTROL_CLASS}
          value={shownText}
          title={text === null ? selected?.label : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(e.target.value.trim() ? 0 : -1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={`${label} choices`}
          hidden={!open}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {matches.map((o, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant), as the APG pattern says
            <div
              key={o.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-2.5 text-sm text-slate-900 ${i === active ? 'bg-brand-50 font-medium' : ''}`}
              // mousedown, not click: the input must not blur (and close the list) first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
            >
              {o.label}
            </div>
          ))}
          {open && matches.length === 0 ? (
            <div
              role="option"
              aria-selected={false}
              aria-disabled="true"
              tabIndex={-1}
              className="px-3 py-2.5 text-sm text-slate-600"
            >
              No match
            </div>
          ) : null}
        </div>
        <span className="sr-only" aria-live="polite">
          {open ? `${matches.length} ${matches.length === 1 ? 'choice' : 'choices'}` : ''}
        </span>
      </div>
    </Field>
  );
}
