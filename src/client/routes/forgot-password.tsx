// Forgot Password (/forgot-password): Email Address; the answer is the same whether or not an
// account has the address, and shows on the page (not only as a toast) with the way back to login.
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStoreLoader } from '@/client/hooks/use-store';
import { failureText } from '@/client/i18n/refusals';
import { ApiError, isOffline } from '@/data/engine/errors';
import { forgotPasswordSchema } from '@/domain/auth/password-reset';
import { AuthLayout, BackToLogin } from './-components/auth-layout';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPassword });

function failureMessage(err: unknown): string {
  if (isOffline(err)) return 'You appear to be offline. Connect to the internet to reset your password.';
  if (err instanceof ApiError && err.status === 429) return failureText(err);
  return 'Could not send the link. Please try again.';
}

function ForgotPassword() {
  const storeLoader = useStoreLoader();
  const [sent, setSent] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { email: '' },
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<{ email: string }>(forgotPasswordSchema) },
    onSubmit: async ({ value }) => {
      try {
        const [{ requestPasswordReset }, store] = await Promise.all([import('@/data'), storeLoader.load()]);
        setSent(await requestPasswordReset(store, v.parse(forgotPasswordSchema, value)));
      } catch (err) {
        toast.error(failureMessage(err));
      }
    },
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your account's e-mail address and we will send you a link to choose a new one."
    >
      {sent ? (
        <p role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-slate-800">
          {sent}. The link works for 30 minutes.
        </p>
      ) : (
        <form.AppForm>
          <form.Form className="flex flex-col gap-4">
            <form.AppField name="email">
              {(field) => <field.EmailField label="Email Address" />}
            </form.AppField>
            <form.SubmitButton busyLabel="Sending..." className="mt-2 w-full">
              Send Reset Link
            </form.SubmitButton>
          </form.Form>
        </form.AppForm>
      )}
      <BackToLogin />
    </AuthLayout>
  );
}
