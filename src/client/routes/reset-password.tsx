// Reset Password (/reset-password?token=...): Password and Confirm Password with the signup rules
// and messages. Success ends every session on the server, so the user logs in again from /.
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStoreLoader } from '@/client/hooks/use-store';
import { ApiError, isOffline } from '@/data/engine/errors';
import { newPasswordSchema, RESET_LINK_INVALID } from '@/domain/auth/password-reset';
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
  const navigate = useNavigate();
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const form = useAppForm({
    defaultValues: { password: '', confirmPassword: '' } as Values,
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<Values>(newPasswordSchema) },
    onSubmit: async ({ value }) => {
      try {
        const [{ resetPassword }, store] = await Promise.all([import('@/data'), storeLoader.load()]);
        toast.success(
          await resetPassword(store, { token: token ?? '', ...v.parse(newPasswordSchema, value) }),
        );
      } catch (err) {
        if (err instanceof ApiError && err.code === 'auth/reset-link-invalid') setLinkInvalid(true);
        else if (isOffline(err))
          toast.error('You appear to be offline. Connect to the internet to reset your password.');
        else toast.error('Could not reset the password. Please try again.');
        return;
      }
      await navigate({ to: '/', replace: true });
    },
  });

  return (
    <AuthLayout title="Choose a new password" subtitle="Every device you are logged in on will log out.">
      {linkInvalid ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{RESET_LINK_INVALID}</p>
          <Link
            to="/forgot-password"
            className="mt-2 inline-block font-semibold text-brand-700 hover:underline"
          >
            Send a new link
          </Link>
        </div>
      ) : (
        <form.AppForm>
          <form.Form className="flex flex-col gap-4">
            <form.AppField name="password">
              {(field) => <field.PasswordField label="Password" autoComplete="new-password" />}
            </form.AppField>
            <form.AppField name="confirmPassword">
              {(field) => <field.PasswordField label="Confirm Password" autoComplete="new-password" />}
            </form.AppField>
            <form.SubmitButton busyLabel="Saving..." className="mt-2 w-full">
              Set New Password
            </form.SubmitButton>
          </form.Form>
        </form.AppForm>
      )}
      <BackToLogin />
    </AuthLayout>
  );
}
