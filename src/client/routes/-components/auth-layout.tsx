// The frame of the entry screens (login, signup, password reset): a brand panel from md up, the
// form card beside it; and the way back to login under a password-reset form.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { markChosenBeforeLogin, useT } from '@/client/i18n/i18n';
import { LocaleSwitch } from '@/client/i18n/locale-switch';
import { LogoLockup } from '@/client/ui/logo';
import { TravelArt } from '@/client/ui/travel-art';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const t = useT();
  return (
    <div className="grid min-h-dvh flex-1 md:grid-cols-2">
      <aside className="relative hidden overflow-hidden md:block">
        <TravelArt className="absolute inset-0 size-full" />
        <div className="relative flex h-full flex-col justify-end gap-3 p-10 text-white">
          <p className="text-3xl font-bold leading-tight">{t('auth.panel.title')}</p>
          <p className="max-w-sm text-brand-100">{t('auth.panel.text')}</p>
        </div>
      </aside>
      <div className="flex flex-col items-center justify-center px-5 py-10 sm:px-10">
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center justify-between gap-3">
            <LogoLockup size="lg" />
            <LocaleSwitch onChosen={markChosenBeforeLogin} />
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">{subtitle}</p>
          {children}
        </div>
      </div>
    </div>
  );
}

export function BackToLogin() {
  const t = useT();
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      <Link to="/" className="font-semibold text-brand-700 hover:underline">
        {t('auth.backToLogin')}
      </Link>
    </p>
  );
}
