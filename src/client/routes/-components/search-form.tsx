// The listing search form: From, To (without the chosen origin), Departure Date (today or
// later), Flight Number, Airline. The first empty field, in spec order, gets the spec's warning.
import { Search } from 'lucide-react';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { RouteFields } from '@/client/forms/route-fields';
import {
  firstSearchProblem,
  SEARCH_FIELD_LABELS,
  type SearchFormValues,
  searchFormSchema,
} from '@/domain/listing/schema';
import type { Reference } from './use-reference';

/** The first message per field the schema reports, or undefined when the value passes. */
function firstIssues(
  schema: v.GenericSchema,
  value: unknown,
): Partial<Record<keyof Raw, string>> | undefined {
  const result = v.safeParse(schema, value);
  if (result.success) return undefined;
  const fields: Partial<Record<string, string>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string') fields[key] ??= issue.message;
  }
  return fields;
}

type Raw = Record<keyof typeof SEARCH_FIELD_LABELS, string>;
const EMPTY: Raw = { from: '', to: '', departure: '', flightNo: '', airline: '' };

/** Field errors for the form: only the first empty field, else the schema's own issues. */
export function searchErrors(value: Raw, today: string): Partial<Record<keyof Raw, string>> | undefined {
  const problem = firstSearchProblem(value);
  if (!problem) return firstIssues(searchFormSchema(today), value);
  const key = (Object.keys(SEARCH_FIELD_LABELS) as (keyof Raw)[]).find((k) => !value[k].trim());
  return key ? { [key]: problem } : undefined;
}

interface SearchFormProps {
  reference: Reference;
  today: string;
  /** The search the URL carries, shown again after back, forward or a reload. */
  initial?: Raw | undefined;
  onSearch: (values: SearchFormValues) => Promise<void>;
}

export function SearchForm({ reference, today, initial, onSearch }: SearchFormProps) {
  const form = useAppForm({
    defaultValues: initial ?? EMPTY,
    validationLogic: submitThenChange(),
    validators: {
      // Only the first empty field, in spec order, gets a message (SPEC section 5).
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
        aria-label="Search listings"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <RouteFields
          form={form}
          fields={{ from: 'from', to: 'to' }}
          airports={reference.airportOptions}
          fromPlaceholder="Type a city, airport or code"
          toPlaceholder="Type a city, airport or code"
        />
        <form.AppField name="departure">
          {(field) => <field.TextField label="Departure Date" type="date" min={today} />}
        </form.AppField>
        <form.AppField name="flightNo">
          {(field) => (
            <field.TextField
              label="Flight Number"
              placeholder="AI101"
              autoCapitalize="characters"
              autoComplete="off"
            />
          )}
        </form.AppField>
        <form.AppField name="airline">
          {(field) => (
            <field.ComboboxField
              label="Airline"
              options={reference.airlineOptions}
              recentKind="airline"
              placeholder="Type an airline or code"
            />
          )}
        </form.AppField>
        <div className="flex items-end">
          <form.SubmitButton busyLabel="Searching..." className="w-full">
            <Search aria-hidden="true" className="size-4" /> Search
          </form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
