// Forgot Password (/forgot-password): Email Address; the answer is the same whether or not an
// account has the address, and shows on the page (not only as a toast) with the way back to login.
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStoreLoader } from '@/client/hooks/use-store';
import { type Translate, useT } from '@/client/i18n/i18n';
import { failureText } from '@/client/i18n/refusals';
import { ApiError, isOffline } from '@/data/engine/errors';
import { forgotPasswordSchema } from '@/domain/auth/password-reset';
import { AuthLayout, BackToLogin } from './-components/auth-layout';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPassword });

function failureMessage(err: unknown, t: Translate): string {
  if (isOffline(err)) return t('forgot.offline');
  if (err instanceof ApiError && err.status === 429) return failureText(err, t);
  return t('forgot.failed');
}

function ForgotPassword() {
  const storeLoader = useStoreLoader();
  const t = useT();
  // The server's answer is always the same; the page says it in the user's language.
  const [sent, setSent] = useState(false);
  const form = useAppForm({
    defaultValues: { email: '' },
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<{ email: string }>(forgotPasswordSchema) },
    onSubmit: async ({ value }) => {
      try {
        const [{ requestPasswordReset }, store] = await Promise.all([import('@/data'), storeLoader.load()]);
        await requestPasswordReset(store, v.parse(forgotPasswordSchema, value));
        setSent(true);
      } catch (err) {
        toast.error(failureMessage(err, t));
      }
    },
  });

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {sent ? (
        <p role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-slate-800">
          {t('forgot.sent')}
        </p>
      ) : (
        <form.AppForm>
          <form.Form className="flex flex-col gap-4">
            <form.AppField name="email">
              {(field) => <field.EmailField label={t('forgot.email')} />}
            </form.AppField>
            <form.SubmitButton busyLabel={t('forgot.busy')} className="mt-2 w-full">
              {t('forgot.submit')}
            </form.SubmitButton>
          </form.Form>
        </form.AppForm>
      )}
      <BackToLogin />
    </AuthLayout>
  );
}
