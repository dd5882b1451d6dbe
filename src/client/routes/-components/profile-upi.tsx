// Profile: the UPI ID travellers pay this user at as a carrier (optional: without one they are
// paid in cash). Checked on the device with the schema the server uses, saved as a queued change
// (offline too); others see it masked until their booking is accepted.
import { useId } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { saveUpiId } from '@/data';
import { setUpiArgsSchema } from '@/domain/payment/schema';

export function ProfileUpi({ upiId }: { upiId: string | null | undefined }) {
  const t = useT('carrier');
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
      // A queued change: offline, say it is sent later rather than only "saved".
      toast.success(
        t(next ? 'carrier.upi.saved' : 'carrier.upi.removed'),
        navigator.onLine ? undefined : { description: t('carrier.upi.savedOffline') },
      );
    },
  });
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t('carrier.upi.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('carrier.upi.text')}</p>
      <form.AppForm>
        <form.Form
          aria-label={t('carrier.upi.form')}
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start"
        >
          <div className="flex-1">
            <form.AppField name="upiId">
              {(field) => (
                <field.TextField
                  label={t('carrier.upi.label')}
                  hint={t('carrier.upi.hint')}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  className="font-mono"
                />
              )}
            </form.AppField>
          </div>
          <form.SubmitButton busyLabel={t('carrier.upi.saving')} className="sm:mt-7">
            {t('carrier.upi.save')}
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </section>
  );
}
