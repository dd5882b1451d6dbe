// /team: the team's console (issue 30), for staff only: the server refuses everyone else (403),
// and this screen says so rather than showing empty lists. Loaded on demand: nothing of it is in
// the first screen's JavaScript.
import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { isStaff } from '@/data';

export const Route = createFileRoute('/_authed/team')({ component: TeamLayout });

const VIEWS = [
  { to: '/team', label: 'team.nav.inbox' },
  { to: '/team/reports', label: 'team.nav.reports' },
  { to: '/team/searches', label: 'team.nav.searches' },
  { to: '/team/courier', label: 'team.nav.courier' },
  { to: '/team/users', label: 'team.nav.users' },
  { to: '/team/bookings', label: 'team.nav.bookings' },
  { to: '/team/disputes', label: 'team.nav.disputes' },
  { to: '/team/audit', label: 'team.nav.audit' },
] as const;

function TeamLayout() {
  const store = useStore();
  const t = useT('team');
  const [staff, setStaff] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void isStaff(store).then((s) => live && setStaff(s));
    return () => {
      live = false;
    };
  }, [store]);
  if (staff === null)
    return (
      <Page title={t('team.title')}>
        <p className="text-sm text-slate-600">{t('team.loading')}</p>
      </Page>
    );
  if (!staff)
    return (
      <Page title={t('team.title')}>
        <EmptyState title={t('team.forbidden')}>{t('team.forbiddenText')}</EmptyState>
      </Page>
    );
  return (
    <Page title={t('team.title')} subtitle={t('team.subtitle')}>
      <nav aria-label={t('team.nav')} className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 pb-3">
        {VIEWS.map((v) => (
          <Link
            key={v.to}
            to={v.to}
            activeOptions={{ exact: true }}
            className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            // Outlined as well as tinted: the tint alone barely shows on the page's grey.
            activeProps={{
              className: 'bg-brand-50 text-brand-800 ring-1 ring-brand-600 ring-inset',
              'aria-current': 'page',
            }}
          >
            {t(v.label)}
          </Link>
        ))}
      </nav>
      <Outlet />
    </Page>
  );
}
