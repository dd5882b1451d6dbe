// The listing search form: From, To (without the chosen origin), Departure Date (today or
// later), Flight Number, Airline. The first empty field, in spec order, gets the spec's warning.
import { useForm } from '@tanstack/react-form';
import { Search } from 'lucide-react';
import * as v from 'valibot';
import { FormElement } from '@/client/forms/form-element';
import { SelectField } from '@/client/forms/select-field';
import { TextField } from '@/client/forms/text-field';
import { schemaFieldErrors } from '@/client/forms/validate';
import { Button } from '@/client/ui/button';
import {
  firstSearchProblem,
  SEARCH_FIELD_LABELS,
  type SearchFormValues,
  searchFormSchema,
} from '@/domain/listing/schema';
import type { Reference } from './use-reference';

type Raw = Record<keyof typeof SEARCH_FIELD_LABELS, string>;
const EMPTY: Raw = { from: '', to: '', departure: '', flightNo: '', airline: '' };

/** Field errors for the form: only the first empty field, else the schema's own issues. */
export function searchErrors(value: Raw, today: string): Partial<Record<keyof Raw, string>> | undefined {
  const problem = firstSearchProblem(value);
  if (!problem) return schemaFieldErrors(searchFormSchema(today), value);
  const key = (Object.keys(SEARCH_FIELD_LABELS) as (keyof Raw)[]).find((k) => !value[k].trim());
  return key ? { [key]: problem } : undefined;
}

interface SearchFormProps {
  reference: Reference;
  today: string;
  onSearch: (values: SearchFormValues) => Promise<void>;
}

export function SearchForm({ reference, today, onSearch }: SearchFormProps) {
  const form = useForm({
    defaultValues: EMPTY,
    validators: {
      onSubmit: ({ value }) => {
        const fields = searchErrors(value, today);
        return fields ? { fields } : undefined;
      },
    },
    onSubmit: ({ value }) => onSearch(v.parse(searchFormSchema(today), value)),
  });
  return (
    <FormElement
      form={form}
      aria-label="Search listings"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <form.Field name="from">
        {(field) => (
          <SelectField
            field={field}
            label="From"
            options={reference.airportOptions}
            placeholder="Select origin"
            onValueChange={(code) => {
              if (form.getFieldValue('to') === code) form.setFieldValue('to', '');
            }}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(s) => s.values.from}>
        {(from) => (
          <form.Field name="to">
            {(field) => (
              <SelectField
                field={field}
                label="To"
                options={reference.airportOptions.filter((o) => o.value !== from)}
                placeholder="Select destination"
              />
            )}
          </form.Field>
        )}
      </form.Subscribe>
      <form.Field name="departure">
        {(field) => <TextField field={field} label="Departure Date" type="date" min={today} />}
      </form.Field>
      <form.Field name="flightNo">
        {(field) => (
          <TextField
            field={field}
            label="Flight Number"
            placeholder="AI101"
            autoCapitalize="characters"
            autoComplete="off"
          />
        )}
      </form.Field>
      <form.Field name="airline">
        {(field) => (
          <SelectField
            field={field}
            label="Airline"
            options={reference.airlineOptions}
            placeholder="Select airline"
          />
        )}
      </form.Field>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <div className="flex items-end">
            <Button type="submit" busy={submitting} busyLabel="Searching..." className="w-full">
              <Search aria-hidden="true" className="size-4" /> Search
            </Button>
          </div>
        )}
      </form.Subscribe>
    </FormElement>
  );
}
