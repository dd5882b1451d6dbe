// The Add Listing form: spec fields and placeholders, messages from addListingFormSchema (with
// the departure judged in the origin airport's time zone); toast, clear, back to the list.
import { useForm } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import * as v from 'valibot';
import { FormElement } from '@/client/forms/form-element';
import { SelectField } from '@/client/forms/select-field';
import { TextField } from '@/client/forms/text-field';
import { validateWith } from '@/client/forms/validate';
import { useStore } from '@/client/hooks/store';
import { Button } from '@/client/ui/button';
import { addListing } from '@/data';
import { addListingFormSchema, todayIn } from '@/domain/listing/schema';
import type { Reference } from '../../-components/use-reference';

const EMPTY = { from: '', to: '', departure: '', time: '', airline: '', flightNo: '', weight: '', cost: '' };

export function AddListingForm({ reference }: { reference: Reference }) {
  const store = useStore();
  const navigate = useNavigate();
  const schema = () => addListingFormSchema({ nowMs: Date.now(), timeZoneOf: reference.timeZoneOf });
  const form = useForm({
    defaultValues: EMPTY,
    validators: { onSubmit: validateWith(schema) },
    onSubmit: async ({ value, formApi }) => {
      try {
        await addListing(store, v.parse(schema(), value));
      } catch {
        toast.error('Unable to upload the Listing');
        return;
      }
      toast.success('Uploaded Successfully!');
      formApi.reset();
      await navigate({ to: '/carrierhome' });
    },
  });
  const today = todayIn(Date.now());
  return (
    <FormElement form={form} aria-label="Add listing" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <form.Field name="from">
        {(field) => (
          <SelectField
            field={field}
            label="From"
            options={reference.airportOptions}
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
              />
            )}
          </form.Field>
        )}
      </form.Subscribe>
      <form.Field name="departure">
        {(field) => <TextField field={field} label="Departure" type="date" min={today} />}
      </form.Field>
      <form.Field name="time">{(field) => <TextField field={field} label="Time" type="time" />}</form.Field>
      <form.Field name="airline">
        {(field) => <SelectField field={field} label="Airline" options={reference.airlineOptions} />}
      </form.Field>
      <form.Field name="flightNo">
        {(field) => (
          <TextField
            field={field}
            label="Flight No"
            placeholder="Enter Your Flight Number"
            autoCapitalize="characters"
            autoComplete="off"
          />
        )}
      </form.Field>
      <form.Field name="weight">
        {(field) => (
          <TextField
            field={field}
            label="Weight (KG)"
            type="number"
            inputMode="decimal"
            min={1}
            placeholder="Enter Available Weight"
          />
        )}
      </form.Field>
      <form.Field name="cost">
        {(field) => (
          <TextField
            field={field}
            label="Cost per KG (₹)"
            type="number"
            inputMode="numeric"
            min={0}
            placeholder="How Much Will You Charge In ₹"
          />
        )}
      </form.Field>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <Button type="submit" busy={submitting} busyLabel="Submitting..." className="w-full sm:col-span-2">
            Submit
          </Button>
        )}
      </form.Subscribe>
    </FormElement>
  );
}
