// The Add Listing form: spec fields and placeholders, messages from addListingFormSchema (with
// the departure judged in the origin airport's time zone); toast, clear, back to the list. The
// flight number fills Airline from its designator ("6E 2131" -> IndiGo) until the user picks one.
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { lazyFormSchema } from '@/client/forms/form-schema';
import { RouteFields } from '@/client/forms/route-fields';
import { useStore } from '@/client/hooks/use-store';
import { addListing, serverNowKnown } from '@/data';
import { airlineOfFlightNo } from '@/domain/listing/flight-number';
import { addListingFormSchema, todayIn } from '@/domain/listing/schema';
import type { Reference } from '../../-components/use-reference';

const EMPTY = { from: '', to: '', departure: '', time: '', airline: '', flightNo: '', weight: '', cost: '' };

export function AddListingForm({ reference }: { reference: Reference }) {
  const store = useStore();
  const navigate = useNavigate();
  // "In the future" by the server's clock: a device set wrong must not refuse what the server takes.
  const schema = () =>
    addListingFormSchema({ nowMs: serverNowKnown(store), timeZoneOf: reference.timeZoneOf });
  const form = useAppForm({
    defaultValues: EMPTY,
    validationLogic: submitThenChange(),
    // Built on each check: "in the future" is judged against the time of the check.
    validators: { onDynamic: lazyFormSchema<typeof EMPTY>(schema) },
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
  const today = todayIn(serverNowKnown(store));
  // The airline the flight number last filled in: replaced as the number changes, a pick is kept.
  const filled = useRef('');
  function fillAirline(flightNo: string) {
    const code = airlineOfFlightNo(flightNo);
    const current = form.getFieldValue('airline');
    if (current && current !== filled.current) return;
    const next = code && reference.knowsAirline(code) ? code : '';
    filled.current = next;
    if (next !== current) form.setFieldValue('airline', next);
  }
  return (
    <form.AppForm>
      <form.Form aria-label="Add listing" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <RouteFields form={form} fields={{ from: 'from', to: 'to' }} airports={reference.airportOptions} />
        <form.AppField name="departure">
          {(field) => <field.TextField label="Departure" type="date" min={today} />}
        </form.AppField>
        <form.AppField name="time">{(field) => <field.TextField label="Time" type="time" />}</form.AppField>
        <form.AppField name="airline">
          {(field) => (
            <field.ComboboxField label="Airline" options={reference.airlineOptions} recentKind="airline" />
          )}
        </form.AppField>
        <form.AppField name="flightNo" listeners={{ onChange: ({ value }) => fillAirline(value) }}>
          {(field) => (
            <field.TextField
              label="Flight No"
              placeholder="Enter Your Flight Number"
              autoCapitalize="characters"
              autoComplete="off"
            />
          )}
        </form.AppField>
        <form.AppField name="weight">
          {(field) => (
            <field.TextField
              label="Weight (KG)"
              type="number"
              inputMode="decimal"
              min={1}
              placeholder="Enter Available Weight"
            />
          )}
        </form.AppField>
        <form.AppField name="cost">
          {(field) => (
            <field.TextField
              label="Cost per KG (₹)"
              type="number"
              inputMode="numeric"
              min={0}
              placeholder="How Much Will You Charge In ₹"
            />
          )}
        </form.AppField>
        <form.SubmitButton busyLabel="Submitting..." className="w-full sm:col-span-2">
          Submit
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
