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
import { useT } from '@/client/i18n/i18n';
import { addListing, serverNowKnown } from '@/data';
import { airlineOfFlightNo } from '@/domain/listing/flight-number';
import { addListingFormSchema, todayIn } from '@/domain/listing/schema';
import type { Reference } from '../../-components/use-reference';

const EMPTY = { from: '', to: '', departure: '', time: '', airline: '', flightNo: '', weight: '', cost: '' };

export function AddListingForm({ reference }: { reference: Reference }) {
  const t = useT('carrier');
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
        toast.error(t('carrier.form.failed'));
        return;
      }
      toast.success(t('carrier.form.done'));
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
      <form.Form aria-label={t('carrier.form.label')} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <RouteFields form={form} fields={{ from: 'from', to: 'to' }} airports={reference.airportOptions} />
        <form.AppField name="departure">
          {(field) => <field.TextField label={t('carrier.form.departure')} type="date" min={today} />}
        </form.AppField>
        <form.AppField name="time">
          {(field) => <field.TextField label={t('carrier.form.time')} type="time" />}
        </form.AppField>
        <form.AppField name="airline">
          {(field) => (
            <field.ComboboxField
              label={t('carrier.form.airline')}
              options={reference.airlineOptions}
              recentKind="airline"
            />
          )}
        </form.AppField>
        <form.AppField name="flightNo" listeners={{ onChange: ({ value }) => fillAirline(value) }}>
          {(field) => (
            <field.TextField
              label={t('carrier.form.flightNo')}
              placeholder={t('carrier.form.flightNoPlaceholder')}
              autoCapitalize="characters"
              autoComplete="off"
            />
          )}
        </form.AppField>
        <form.AppField name="weight">
          {(field) => (
            <field.TextField
              label={t('carrier.form.weight')}
              type="number"
              inputMode="decimal"
              min={1}
              placeholder={t('carrier.form.weightPlaceholder')}
            />
          )}
        </form.AppField>
        <form.AppField name="cost">
          {(field) => (
            <field.TextField
              label={t('carrier.form.cost')}
              type="number"
              inputMode="numeric"
              min={0}
              placeholder={t('carrier.form.costPlaceholder')}
            />
          )}
        </form.AppField>
        <form.SubmitButton busyLabel={t('carrier.form.submitting')} className="w-full sm:col-span-2">
          {t('carrier.form.submit')}
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
