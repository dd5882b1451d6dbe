// The login form: spec messages from loginSchema beside the fields, 'Logging in...' while busy,
// toasts for the outcome, then (after LOGIN_REDIRECT_DELAY_MS) the screen that sent the visitor
// to log in, or /choose_user_type. The data layer
// is imported on submit (it is usually in by then: the page loads it once idle).

import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStoreLoader } from '@/client/hooks/use-store';
import { type Translate, useT } from '@/client/i18n/i18n';
import { ApiError, isOffline } from '@/data/engine/errors';
import { loginSchema } from '@/domain/auth/schema';
import { LOGIN_REDIRECT_DELAY_MS } from '@/domain/constants';

function loginFailureToast(err: unknown, t: Translate): string {
  if (isOffline(err)) return t('login.offline');
  if (err instanceof ApiError || err instanceof Error) return t('login.failed');
  return t('login.error');
}

/** `redirectTo`: the screen to open after login (a same-origin path), else the role choice. */
export function LoginForm({ redirectTo = null }: { redirectTo?: string | null }) {
  const storeLoader = useStoreLoader();
  const navigate = useNavigate();
  const t = useT();
  const [redirecting, setRedirecting] = useState(false);
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<{ email: string; password: string }>(loginSchema) },
    onSubmit: async ({ value }) => {
      try {
        const [{ login }, store] = await Promise.all([import('@/data'), storeLoader.load()]);
        await login(store, v.parse(loginSchema, value));
      } catch (err) {
        toast.error(loginFailureToast(err, t));
        return;
      }
      toast.success(t('login.success'));
      setRedirecting(true);
      setTimeout(
        () => void (redirectTo ? navigate({ href: redirectTo }) : navigate({ to: '/choose_user_type' })),
        LOGIN_REDIRECT_DELAY_MS,
      );
    },
  });

  return (
    <form.AppForm>
      <form.Form className="flex flex-col gap-4">
        <form.AppField name="email">{(field) => <field.EmailField label={t('login.email')} />}</form.AppField>
        <form.AppField name="password">
          {(field) => <field.PasswordField label={t('login.password')} autoComplete="current-password" />}
        </form.AppField>
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            {t('login.forgot')}
          </Link>
        </p>
        <form.SubmitButton busy={redirecting} busyLabel={t('login.busy')} className="mt-2 w-full">
          {t('login.submit')}
        </form.SubmitButton>
        <p className="text-center text-sm text-slate-600">
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            {t('login.noAccount')}
          </Link>
        </p>
      </form.Form>
    </form.AppForm>
  );
}
