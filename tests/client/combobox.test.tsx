// The airport/airline picker (WAI-ARIA editable combobox with list autocomplete), rendered in a
// form of its own and driven from the keyboard.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppForm } from '@/client/forms/app-form';
import { RouteFields } from '@/client/forms/route-fields';
import { indexAirports } from '@/domain/reference/airport-match';
import { airportSource, type ChoiceSource, listSource } from '@/domain/reference/choices';
import type { Choice } from '@/domain/reference/match';
import { AIRPORTS as AIRPORT_ROWS } from '../support/client-fake-api';

const AIRPORTS: Choice[] = [
  {
    value: 'BOM',
    label: 'Chhatrapati Shivaji Maharaj International Airport (BOM)',
    keywords: 'Mumbai India',
  },
  { value: 'DED', label: 'Dehradun Airport (DED)', keywords: 'Dehradun India' },
  { value: 'DEL', label: 'Indira Gandhi International Airport (DEL)', keywords: 'Delhi India' },
  { value: 'DXB', label: 'Dubai International Airport (DXB)', keywords: 'Dubai United Arab Emirates' },
];

let submitted: Record<string, string> | null = null;

function RouteForm({
  airports = listSource(AIRPORTS),
  fromPlaceholder,
}: {
  airports?: ChoiceSource;
  fromPlaceholder?: string;
}) {
  const form = useAppForm({
    defaultValues: { from: '', to: '' },
    onSubmit: ({ value }) => {
      submitted = value;
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Route">
        <RouteFields
          form={form}
          fields={{ from: 'from', to: 'to' }}
          airports={airports}
          fromPlaceholder={fromPlaceholder}
        />
        <form.SubmitButton>Go</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

const from = () => screen.getByRole('combobox', { name: 'From' });
const options = () =>
  within(screen.getByRole('listbox', { name: 'From choices' }))
    .queryAllByRole('option')
    .map((o) => o.textContent);

describe('ComboboxField', () => {
  beforeEach(() => {
    localStorage.clear();
    submitted = null;
  });

  it('is found by its label and starts collapsed', () => {
    render(<RouteForm />);
    expect(screen.getByLabelText('From')).toBe(from());
    expect(from().getAttribute('aria-expanded')).toBe('false');
  });

  it.each(['del', 'Delhi', 'Indira'])('offers DEL first for %s, and Enter picks it', async (typed) => {
    render(<RouteForm />);
    await userEvent.type(from(), typed);
    expect(from().getAttribute('aria-expanded')).toBe('true');
    expect(options()[0]).toContain('(DEL)');
    await userEvent.keyboard('{Enter}');
    expect((from() as HTMLInputElement).value).toBe('Indira Gandhi International Airport (DEL)');
    expect(from().getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(submitted).toEqual({ from: 'DEL', to: '' });
  });

  it('moves the active option with the arrow keys, wrapping at the ends', async () => {
    render(<RouteForm />);
    await userEvent.click(from());
    await userEvent.keyboard('{ArrowDown}');
    const active = () => document.getElementById(from().getAttribute('aria-activedescendant') ?? '');
    expect(active()?.textContent).toContain('(BOM)');
    expect(active()?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()?.textContent).toContain('(DEL)');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(active()?.textContent).toContain('(DXB)');
    await userEvent.keyboard('{Enter}');
    expect((from() as HTMLInputElement).value).toContain('(DXB)');
  });

  it('opens on ArrowDown with the first option active, and lists nothing while closed', async () => {
    render(<RouteForm />);
    expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
    from().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(from().getAttribute('aria-expanded')).toBe('true');
    const active = document.getElementById(from().getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toContain('(BOM)');
    expect(options()).toHaveLength(4);
  });

  it('says "No match" and points at no option when nothing matches', async () => {
    render(<RouteForm />);
    await userEvent.type(from(), 'zzzq');
    expect(options()).toEqual(['No match']);
    expect(from().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('has its placeholder only while empty', async () => {
    // Chromium restyles an input's placeholder on each change of its value while it has one.
    render(<RouteForm fromPlaceholder="City or airport" />);
    expect(from().getAttribute('placeholder')).toBe('City or airport');
    await userEvent.type(from(), 'de');
    expect(from().getAttribute('placeholder')).toBeNull();
    await userEvent.clear(from());
    expect(from().getAttribute('placeholder')).toBe('City or airport');
  });

  it('closes on Escape, and a second Escape clears the choice', async () => {
    render(<RouteForm />);
    await userEvent.type(from(), 'dxb{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    expect(from().getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(from().getAttribute('aria-expanded')).toBe('false');
    expect((from() as HTMLInputElement).value).toContain('(DXB)');
    await userEvent.keyboard('{Escape}');
    expect((from() as HTMLInputElement).value).toBe('');
  });

  it('lists recent choices first', async () => {
    render(<RouteForm />);
    await userEvent.type(from(), 'dxb{Enter}');
    await userEvent.type(from(), '{Control>}a{/Control}{Backspace}bom{Enter}');
    await userEvent.clear(from());
    await userEvent.keyboard('{ArrowDown}');
    expect(
      options()
        .slice(0, 2)
        .map((o) => o?.slice(-5)),
    ).toEqual(['(BOM)', '(DXB)']);
  });

  it('leaves the chosen origin out of To and clears a To equal to the new From', async () => {
    render(<RouteForm />);
    const to = screen.getByRole('combobox', { name: 'To' });
    await userEvent.type(to, 'del{Enter}');
    await userEvent.type(from(), 'del{Enter}');
    expect((to as HTMLInputElement).value).toBe('');
    await userEvent.type(to, 'de');
    const toOptions = within(screen.getByRole('listbox', { name: 'To choices' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(toOptions.join()).not.toContain('(DEL)');
    expect(toOptions[0]).toContain('(DED)');
  });
});

describe('ComboboxField with airports', () => {
  const source = airportSource(indexAirports(AIRPORT_ROWS), ['IN'], 'India');
  beforeEach(() => localStorage.clear());

  it('shows city, airport name, code and country in each option', async () => {
    render(<RouteForm airports={source} />);
    await userEvent.type(from(), 'bombay');
    const [first] = within(screen.getByRole('listbox', { name: 'From choices' })).getAllByRole('option');
    expect(first?.textContent).toBe('Mumbai (BOM), Chhatrapati Shivaji Maharaj International Airport, India');
    await userEvent.keyboard('{Enter}');
    expect((from() as HTMLInputElement).value).toBe('Mumbai (BOM)');
  });

  it('offers Recent, then the busiest airports of the country, on an empty field', async () => {
    localStorage.setItem('carry.recent.airport', JSON.stringify(['DXB']));
    render(<RouteForm airports={source} />);
    await userEvent.click(from());
    const list = screen.getByRole('listbox', { name: 'From choices' });
    const groups = within(list).getAllByRole('group');
    expect(
      groups.map(
        (g) =>
          g.getAttribute('aria-labelledby') &&
          document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent,
      ),
    ).toEqual(['Recent', 'Popular in India']);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.id && o.textContent?.slice(0, 5)),
    ).toEqual(['Dubai']);
    expect(
      within(groups[1] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent?.slice(0, 5)),
    ).toEqual(['Delhi', 'Mumba']);
    // The keyboard walks across the groups.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect((from() as HTMLInputElement).value).toBe('Delhi (DEL)');
  });

  it('offers the ten best of many matches, and a pointer picks any of them', async () => {
    // Thirty airports named "Airfield …": the ten largest show, then typing narrows the rest.
    const many = Array.from({ length: 30 }, (_, n) => ({
      ...(AIRPORT_ROWS[0] as (typeof AIRPORT_ROWS)[number]),
      id: `m${n}`,
      code: `Q${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(65 + (n % 26))}`,
      name: `Airfield ${n}`,
      city: `Town ${n}`,
      alt: [],
      rank: 100 - n,
    }));
    render(<RouteForm airports={airportSource(indexAirports(many), ['IN'], 'India')} />);
    await userEvent.type(from(), 'airfield');
    expect(options()).toHaveLength(10);
    expect(options()[0]).toContain('(QAA)');
    await userEvent.type(from(), ' 2');
    const third = within(screen.getByRole('listbox', { name: 'From choices' })).getAllByRole('option')[2];
    expect(third?.textContent).toContain('Airfield');
    const code = third?.textContent?.match(/\((Q\w\w)\)/)?.[1];
    await userEvent.pointer({ keys: '[MouseLeft]', target: third as HTMLElement });
    expect((from() as HTMLInputElement).value).toBe(`${third?.textContent?.split(' (')[0]} (${code})`);
  });
});
