// "I paid": the traveller gives the UPI transaction reference their app showed, and the carrier is
// asked to confirm it. Checked on the device with the schema the server uses; queued offline.
import { useForm } from '@tanstack/react-form';
import { useId } from 'react';
import * as v from 'valibot';
import { errorText } from '@/client/forms/field-error';
import { formSchema } from '@/client/forms/form-schema';
import { useStore } from '@/client/hooks/use-store';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { claimPayment } from '@/data';
import { paymentClaimFormSchema } from '@/domain/payment/schema';

export function PaymentClaimForm({ bookingId }: { bookingId: string }) {
  const store = useStore();
  const id = `upi-ref-${useId().replace(/:/g, '')}`;
  const form = useForm({
    defaultValues: { reference: '' },
    validators: { onSubmit: formSchema<{ reference: string }>(paymentClaimFormSchema) },
    onSubmit: async ({ value }) => {
      await claimPayment(store, bookingId, v.parse(paymentClaimFormSchema, value).reference);
    },
  });
  return (
    <form
      noValidate
      aria-label="I paid"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="reference">
        {(field) => {
          const error = errorText(field.state.meta.errors);
          return (
            <div className="flex-1">
              <Field
                id={id}
                label="UPI transaction reference"
                error={error}
                hint="Paid by UPI? Your app shows it, like 412345678901."
              >
                <input
                  id={id}
                  name="reference"
                  inputMode="text"
                  autoComplete="off"
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(e) => field.handleChange(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className={`${CONTROL_CLASS} font-mono`}
                />
              </Field>
            </div>
          );
        }}
      </form.Field>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <Button type="submit" busy={submitting} busyLabel="Saving..." className="sm:mb-6">
            I paid
          </Button>
        )}
      </form.Subscribe>
    </form>
  );
}
