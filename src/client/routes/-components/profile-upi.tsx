// Profile: the UPI ID travellers pay this user at as a carrier (optional: without one they are
// paid in cash). Checked on the device with the schema the server uses, saved as a queued change
// (offline too); others see it masked until their booking is accepted.
import { useId } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStore } from '@/client/hooks/use-store';
import { saveUpiId } from '@/data';
import { setUpiArgsSchema } from '@/domain/payment/schema';

export function ProfileUpi({ upiId }: { upiId: string | null | undefined }) {
  const store = useStore();
  const titleId = `upi-${useId().replace(/:/g, '')}-title`;
  const form = useAppForm({
    defaultValues: { upiId: upiId ?? '' },
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<{ upiId: string }>(setUpiArgsSchema) },
    onSubmit: async ({ value }) => {
      const { upiId: next } = v.parse(setUpiArgsSchema, value);
      await saveUpiId(store, next);
      form.setFieldValue('upiId', next);
      toast.success(next ? 'UPI ID saved' : 'UPI ID removed: you are paid in cash');
    },
  });
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        Payouts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        As a carrier you are paid at the hand-off. With a UPI ID, travellers scan your code with any UPI app
        and the amount is filled in; without one, they pay in cash. Travellers see it in full once you accept
        their booking.
      </p>
      <form.AppForm>
        <form.Form aria-label="UPI ID" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <form.AppField name="upiId">
              {(field) => (
                <field.TextField
                  label="UPI ID (optional)"
                  hint="Like name@okaxis or 9876543210@ybl"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  className="font-mono"
                />
              )}
            </form.AppField>
          </div>
          <form.SubmitButton busyLabel="Saving..." className="sm:mt-7">
            Save UPI ID
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </section>
  );
}
