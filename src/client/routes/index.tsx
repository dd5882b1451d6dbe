// Login (/): email and password; success goes, after a second, to the screen that sent the
// visitor here (?redirect=, set by the authenticated layout route) or else to the role choice.
// A signed-in user who opens it goes there at once.
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { useT } from '@/client/i18n/i18n';
import { readSession } from '@/data/engine/stored-session';
import { safeRedirect } from '../auth/paths';
import { AuthLayout } from './-components/auth-layout';
import { LoginForm } from './-components/login-form';

const loginSearchSchema = v.object({
  /** Where to go after login: a path (with its search) on this origin. */
  redirect: v.fallback(v.optional(v.string()), undefined),
});

export const Route = createFileRoute('/')({
  validateSearch: loginSearchSchema,
  beforeLoad: ({ context, search }) => {
    if (!readSession(context.storeLoader.storage)) return;
    const target = safeRedirect(search.redirect);
    throw target
      ? redirect({ href: target, replace: true })
      : redirect({ to: '/choose_user_type', replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const target = Route.useSearch({ select: (s) => safeRedirect(s.redirect) });
  const t = useT();
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm redirectTo={target} />
    </AuthLayout>
  );
}
