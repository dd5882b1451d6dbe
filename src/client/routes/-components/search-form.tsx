// The listing search form: From, To (without the chosen origin) and Departure Date (today or
// later) are required; a Flight Number ("AI 101", "6E-2131") narrows the search and names its
// airline, shown under it, so Airline may stay empty. Every field's problem shows at once.
import { Search } from 'lucide-react';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { RouteFields } from '@/client/forms/route-fields';
import { type AreaKeys, type Translate, useT } from '@/client/i18n/i18n';
import { parseFlightNo } from '@/domain/listing/flight-number';
import { type SEARCH_FIELD_LABELS, type SearchFormValues, searchFormSchema } from '@/domain/listing/schema';
import type { Reference } from './use-reference';

type Raw = Record<keyof typeof SEARCH_FIELD_LABELS, string>;
const EMPTY: Raw = { from: '', to: '', departure: '', flightNo: '', airline: '' };

/** Field errors for the form: the first message of every field the schema refuses. */
export function searchErrors(value: Raw, today: string): Partial<Record<keyof Raw, string>> | undefined {
  const result = v.safeParse(searchFormSchema(today), value);
  if (result.success) return undefined;
  const fields: Partial<Record<string, string>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string') fields[key] ??= issue.message;
  }
  return fields;
}

/** "Air India (AI)" under a flight number whose airline the device knows. */
function flightHint(
  reference: Reference,
  flightNo: string,
  t: Translate<AreaKeys['search']>,
): string | undefined {
  const parsed = parseFlightNo(flightNo);
  if (!parsed) return t('search.form.flightHint');
  return reference.knowsAirline(parsed.airline)
    ? `${reference.airlineName(parsed.airline)} (${parsed.airline})`
    : t('search.form.unknownAirline', { code: parsed.airline });
}

interface SearchFormProps {
  reference: Reference;
  today: string;
  /** The search the URL carries, shown again after back, forward or a reload. */
  initial?: Raw | undefined;
  onSearch: (values: SearchFormValues) => Promise<void>;
}

export function SearchForm({ reference, today, initial, onSearch }: SearchFormProps) {
  const t = useT('search');
  const form = useAppForm({
    defaultValues: initial ?? EMPTY,
    validationLogic: submitThenChange(),
    validators: {
      onDynamic: ({ value }) => {
        const fields = searchErrors(value, today);
        return fields ? { fields } : undefined;
      },
    },
    onSubmit: ({ value }) => onSearch(v.parse(searchFormSchema(today), value)),
  });
  return (
    <form.AppForm>
      <form.Form
        aria-label={t('search.form.label')}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <RouteFields
          form={form}
          fields={{ from: 'from', to: 'to' }}
          airports={reference.airportOptions}
          fromPlaceholder={t('search.form.placePlaceholder')}
          toPlaceholder={t('search.form.placePlaceholder')}
        />
        <form.AppField name="departure">
          {(field) => <field.TextField label={t('search.form.departure')} type="date" min={today} />}
        </form.AppField>
        <form.AppField name="flightNo">
          {(field) => (
            <field.TextField
              label={t('search.form.flightNo')}
              placeholder="AI101"
              autoCapitalize="characters"
              autoComplete="off"
              hint={flightHint(reference, field.state.value, t)}
            />
          )}
        </form.AppField>
        <form.AppField name="airline">
          {(field) => (
            <field.ComboboxField
              label={t('search.form.airline')}
              options={reference.airlineOptions}
              recentKind="airline"
              placeholder={t('search.form.anyAirline')}
            />
          )}
        </form.AppField>
        <div className="flex items-end">
          <form.SubmitButton busyLabel={t('search.form.searching')} className="w-full">
            <Search aria-hidden="true" className="size-4" /> {t('search.form.submit')}
          </form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
