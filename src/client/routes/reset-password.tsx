// Reset Password (/reset-password?token=...): Password and Confirm Password with the signup rules
// and messages. Success ends every session on the server, so the user logs in again from /.
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStoreLoader } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { ApiError, isOffline } from '@/data/engine/errors';
import { newPasswordSchema } from '@/domain/auth/password-reset';
import { AuthLayout, BackToLogin } from './-components/auth-layout';

const searchSchema = v.object({ token: v.fallback(v.optional(v.string()), undefined) });

export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema,
  component: ResetPassword,
});

interface Values {
  password: string;
  confirmPassword: string;
}

function ResetPassword() {
  const token = Route.useSearch({ select: (s) => s.token });
  const storeLoader = useStoreLoader();
  const t = useT();
  const navigate = useNavigate();
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const form = useAppForm({
    defaultValues: { password: '', confirmPassword: '' } as Values,
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<Values>(newPasswordSchema) },
    onSubmit: async ({ value }) => {
      try {
        const [{ resetPassword }, store] = await Promise.all([import('@/data'), storeLoader.load()]);
        // The server's answer is always the same; the toast says it in the user's language.
        await resetPassword(store, { token: token ?? '', ...v.parse(newPasswordSchema, value) });
        toast.success(t('reset.done'));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'auth/reset-link-invalid') setLinkInvalid(true);
        else toast.error(t(isOffline(err) ? 'reset.offline' : 'reset.failed'));
        return;
      }
      await navigate({ to: '/', replace: true });
    },
  });

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {linkInvalid ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{t('error.auth/reset-link-invalid')}</p>
          <Link
            to="/forgot-password"
            className="mt-2 inline-block font-semibold text-brand-700 hover:underline"
          >
            {t('reset.newLink')}
          </Link>
        </div>
      ) : (
        <form.AppForm>
          <form.Form className="flex flex-col gap-4">
            <form.AppField name="password">
              {(field) => <field.PasswordField label={t('reset.password')} autoComplete="new-password" />}
            </form.AppField>
            <form.AppField name="confirmPassword">
              {(field) => <field.PasswordField label={t('reset.confirm')} autoComplete="new-password" />}
            </form.AppField>
            <form.SubmitButton busyLabel={t('reset.busy')} className="mt-2 w-full">
              {t('reset.submit')}
            </form.SubmitButton>
          </form.Form>
        </form.AppForm>
      )}
      <BackToLogin />
    </AuthLayout>
  );
}
