// The frame of the entry screens (login, signup, password reset): a brand panel from md up, the
// form card beside it; and the way back to login under a password-reset form.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LogoLockup } from '@/client/ui/logo';
import { TravelArt } from '@/client/ui/travel-art';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <div className="grid min-h-dvh flex-1 md:grid-cols-2">
      <aside className="relative hidden overflow-hidden md:block">
        <TravelArt className="absolute inset-0 size-full" />
        <div className="relative flex h-full flex-col justify-end gap-3 p-10 text-white">
          <p className="text-3xl font-bold leading-tight">Your spare kilos are worth something.</p>
          <p className="max-w-sm text-brand-100">
            Carriers list unused baggage space on their flights. Travellers and senders book it. Everyone
            flies lighter.
          </p>
        </div>
      </aside>
      <div className="flex flex-col items-center justify-center px-5 py-10 sm:px-10">
        <div className="w-full max-w-md">
          <div className="mb-8">
            <LogoLockup size="lg" />
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
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      <Link to="/" className="font-semibold text-brand-700 hover:underline">
        Back to Login
      </Link>
    </p>
  );
}
