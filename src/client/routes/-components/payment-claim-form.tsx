// "I paid": the traveller gives the UPI transaction reference their app showed, and the carrier is
// asked to confirm it. Checked on the device with the schema the server uses; queued offline.
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { claimPayment } from '@/data';
import { paymentClaimFormSchema } from '@/domain/payment/schema';

export function PaymentClaimForm({ bookingId }: { bookingId: string }) {
  const t = useT('carrier');
  const store = useStore();
  const form = useAppForm({
    defaultValues: { reference: '' },
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<{ reference: string }>(paymentClaimFormSchema) },
    onSubmit: async ({ value }) => {
      await claimPayment(store, bookingId, v.parse(paymentClaimFormSchema, value).reference);
    },
  });
  return (
    <form.AppForm>
      <form.Form
        aria-label={t('carrier.claim.label')}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <form.AppField name="reference">
            {(field) => (
              <field.TextField
                label={t('carrier.claim.reference')}
                hint={t('carrier.claim.hint')}
                inputMode="text"
                autoComplete="off"
                className="font-mono"
              />
            )}
          </form.AppField>
        </div>
        <form.SubmitButton busyLabel={t('carrier.claim.saving')} className="sm:mb-6">
          {t('carrier.claim.submit')}
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
