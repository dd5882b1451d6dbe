// Role choice (/choose_user_type): 'Who are you?' with three cards; the choice is stored as
// userRole and opens that role's home.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ChevronRight, Luggage, Package, PlaneTakeoff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { type MessageKey, useT } from '@/client/i18n/i18n';
import { LogoLockup } from '@/client/ui/logo';
import { setRole } from '@/data';
import type { Role } from '@/domain/constants';
import { homeOf } from '../auth/paths';

export const Route = createFileRoute('/_authed/choose_user_type')({
  staticData: { hideHeader: true },
  component: ChooseUserType,
});

const CHOICES: { role: Role; title: MessageKey; text: MessageKey; icon: ReactNode }[] = [
  {
    role: 'traveller',
    title: 'role.traveller',
    text: 'role.traveller.text',
    icon: <Luggage className="size-7" />,
  },
  {
    role: 'carrier',
    title: 'role.carrier',
    text: 'role.carrier.text',
    icon: <PlaneTakeoff className="size-7" />,
  },
  {
    role: 'sender',
    title: 'role.sender',
    text: 'role.sender.text',
    icon: <Package className="size-7" />,
  },
];

function ChooseUserType() {
  const store = useStore();
  const navigate = useNavigate();
  const t = useT();

  async function choose(role: Role) {
    await setRole(store, role);
    await navigate({ to: homeOf(role) });
  }

  return (
    <div className="flex flex-1 flex-col items-center bg-gradient-to-b from-brand-50 to-slate-50 px-5 py-10">
      <LogoLockup size="lg" />
      <h1 className="mt-10 text-3xl font-bold tracking-tight text-slate-900">{t('role.title')}</h1>
      <p className="mt-2 text-slate-600">{t('role.intro')}</p>
      <ul className="mt-8 grid w-full max-w-4xl gap-4 md:grid-cols-3">
        {CHOICES.map((c) => (
          <li key={c.role}>
            <button
              type="button"
              onClick={() => void choose(c.role)}
              className="group flex h-full w-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-card transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-lg md:flex-col md:items-start md:p-6"
            >
              <span
                aria-hidden="true"
                className="grid size-14 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 group-hover:bg-brand-100"
              >
                {c.icon}
              </span>
              <span className="flex-1">
                <span className="block text-lg font-semibold text-slate-900">{t(c.title)}</span>
                <span className="mt-1 block text-sm text-slate-600">{t(c.text)}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400 md:hidden" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
