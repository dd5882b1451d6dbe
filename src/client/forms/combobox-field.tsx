// An airport or airline picker for the current form field, after the WAI-ARIA editable combobox
// with list autocomplete: type a code, city or name ("del", "Delhi", "Indira" all find DEL),
// move with the arrow keys, Enter picks, Escape closes (then clears). An empty field offers its
// groups ("Recent", then the busiest airports of the user's country), each a labelled group.
// The field stores the code; the input shows the chosen option's short form ("Mumbai (BOM)"),
// which fits a phone, and its full label as a tooltip.
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { type AreaKeys, type Translate, useT } from '@/client/i18n/i18n';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import type { ChoiceGroup, ChoiceSource } from '@/domain/reference/choices';
import type { Choice } from '@/domain/reference/match';
import { ComboOption } from './combobox-option';
import { useFieldControl } from './field-error';
import { readRecent, rememberRecent } from './recent-choices';

/** The user-timing measure of one keystroke's matching (bench/airport-match.mjs reads it). */
const MATCH_MEASURE = 'carry:picker-match';

/** A group's heading in the user's language: "Recent", "Popular in India", "Popular". */
function groupHeading(g: ChoiceGroup, t: Translate<AreaKeys['search']>): string | null {
  if (g.group === 'recent') return t('search.picker.recent');
  if (g.group === 'popular')
    return g.country ? t('search.picker.popularIn', { country: g.country }) : t('search.picker.popular');
  return null;
}

interface ComboboxFieldProps {
  label: string;
  options: ChoiceSource;
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
  const t = useT('search');
  const { field, error, control } = useFieldControl();
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const selected = control.value ? options.get(control.value) : undefined;
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shownText = text ?? selected?.short ?? selected?.label ?? '';

  const listed = open ? (text ?? '') : null;
  // Read when the list opens, not per keystroke: a pick, which closes the list, is what changes it.
  const recent = useMemo(() => (open ? readRecent(recentKind) : []), [open, recentKind]);
  // Matched only while the list is open: thousands of airports are not searched on every render.
  const groups = useMemo(() => {
    if (listed === null) return [];
    const start = performance.now();
    const found = options.find(listed, recent, exclude);
    // A user-timing entry per keystroke: the picker benchmark reads the matching's share of it.
    performance.measure?.(MATCH_MEASURE, { start });
    return found;
  }, [options, exclude, listed, recent]);
  const matches = useMemo(() => groups.flatMap((g) => g.choices), [groups]);
  const listLabel = useMemo(() => t('search.picker.choices', { label }), [t, label]);
  // Formatted when the count changes, not on every keystroke that keeps ten options.
  const countText = useMemo(() => t('search.picker.count', { count: matches.length }), [t, matches.length]);

  function pick(choice: Choice) {
    field.handleChange(choice.value);
    rememberRecent(recentKind, choice.value);
    onPick?.(choice.value);
    setText(null);
    setOpen(false);
    setActive(-1);
  }
  // One function for every option, the same on every render (the options are memoised).
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const pickOption = useCallback((choice: Choice) => pickRef.current(choice), []);

  function move(to: number) {
    if (matches.length === 0) return;
    const next = (to + matches.length) % matches.length;
    setActive(next);
    document.getElementById(`${listId}-${next}`)?.scrollIntoView?.({ block: 'nearest' });
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

  // Only an option that is there: with no match the input points at nothing (axe: an id that
  // names no element is an invalid aria-activedescendant).
  const activeId = open && active >= 0 && active < matches.length ? `${listId}-${active}` : undefined;
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
          // Only while empty, where it shows: Chromium restyles an input's placeholder on every
          // change of its value while it has one, a style pass per keystroke.
          placeholder={shownText ? undefined : placeholder}
          // Sized and contained (42 px, as the other fields): a letter typed lays out the input
          // alone, not the form around it, before and after the options change.
          className={`${CONTROL_CLASS} h-[2.625rem] [contain:size_layout_style]`}
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
        {/* Contained: a keystroke's new rows are laid out and painted within the list, and
            nothing outside it is laid out again for them. */}
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={listLabel}
          hidden={!open}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto [contain:content] rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {groups.map((g, gi) => {
            const offset = groups.slice(0, gi).reduce((n, x) => n + x.choices.length, 0);
            const heading = groupHeading(g, t);
            const headingId = `${listId}-g${gi}`;
            // Each group's box keyed by its place, with or without a heading, and its rows by
            // theirs, as their ids are: the first letter typed after the empty list's groups, and
            // every keystroke after it, rewrites the rows' text in place instead of removing some
            // rows (or all, when the heading went) and building others.
            return (
              <div
                key={headingId}
                {...(heading ? { role: 'group', 'aria-labelledby': headingId } : { role: 'none' })}
              >
                {heading ? (
                  <div
                    id={headingId}
                    role="presentation"
                    className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                  >
                    {heading}
                  </div>
                ) : null}
                {g.choices.map((o, i) => {
                  const id = `${listId}-${offset + i}`;
                  return (
                    <ComboOption
                      key={id}
                      id={id}
                      choice={o}
                      active={offset + i === active}
                      onPick={pickOption}
                    />
                  );
                })}
              </div>
            );
          })}
          {listed !== null && matches.length === 0 ? (
            <div
              role="option"
              aria-selected={false}
              aria-disabled="true"
              tabIndex={-1}
              className="px-3 py-2.5 text-sm text-slate-600"
            >
              {t('search.picker.noMatch')}
            </div>
          ) : null}
        </div>
        <span className="sr-only" aria-live="polite">
          {open ? countText : ''}
        </span>
      </div>
    </Field>
  );
}
