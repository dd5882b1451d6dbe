// Profile: the UPI ID travellers pay this user at as a carrier (optional: without one they are
// paid in cash). Checked on the device with the schema the server uses, saved as a queued change
// (offline too); others see it masked until their booking is accepted.
import { useForm } from '@tanstack/react-form';
import { useId } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { errorText } from '@/client/forms/field-error';
import { formSchema } from '@/client/forms/form-schema';
import { useStore } from '@/client/hooks/use-store';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { saveUpiId } from '@/data';
import { setUpiArgsSchema } from '@/domain/payment/schema';

export function ProfileUpi({ upiId }: { upiId: string | null | undefined }) {
  const store = useStore();
  const id = `upi-${useId().replace(/:/g, '')}`;
  const form = useForm({
    defaultValues: { upiId: upiId ?? '' },
    validators: { onSubmit: formSchema<{ upiId: string }>(setUpiArgsSchema) },
    onSubmit: async ({ value }) => {
      const { upiId: next } = v.parse(setUpiArgsSchema, value);
      await saveUpiId(store, next);
      form.setFieldValue('upiId', next);
      toast.success(next ? 'UPI ID saved' : 'UPI ID removed: you are paid in cash');
    },
  });
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Payouts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        As a carrier you are paid at the hand-off. With a UPI ID, travellers scan your code with any UPI app
        and the amount is filled in; without one, they pay in cash. Travellers see it in full once you accept
        their booking.
      </p>
      <form
        noValidate
        aria-label="UPI ID"
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="upiId">
          {(field) => {
            const error = errorText(field.state.meta.errors);
            return (
              <div className="flex-1">
                <Field
                  id={id}
                  label="UPI ID (optional)"
                  error={error}
                  hint="Like name@okaxis or 9876543210@ybl"
                >
                  <input
                    id={id}
                    name="upiId"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
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
            <Button type="submit" busy={submitting} busyLabel="Saving..." className="sm:mt-7">
              Save UPI ID
            </Button>
          )}
        </form.Subscribe>
      </form>
    </section>
  );
}
