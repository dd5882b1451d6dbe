// /team: the team's console (issue 30), for staff only: the server refuses everyone else (403),
// and this screen says so rather than showing empty lists. Loaded on demand: nothing of it is in
// the first screen's JavaScript.
import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { isStaff } from '@/data';

export const Route = createFileRoute('/_authed/team')({ component: TeamLayout });

const VIEWS = [
  { to: '/team', label: 'Inbox' },
  { to: '/team/reports', label: 'Reports' },
  { to: '/team/searches', label: 'Unmatched searches' },
  { to: '/team/courier', label: 'Courier requests' },
  { to: '/team/users', label: 'Users' },
  { to: '/team/bookings', label: 'Bookings' },
  { to: '/team/disputes', label: 'Payment disputes' },
  { to: '/team/audit', label: 'Audit log' },
] as const;

function TeamLayout() {
  const store = useStore();
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
      <Page title="Team console">
        <p className="text-sm text-slate-600">Loading...</p>
      </Page>
    );
  if (!staff)
    return (
      <Page title="Team console">
        <EmptyState title="Only the Carry team can open the console.">
          Staff are named by the operator of this server.
        </EmptyState>
      </Page>
    );
  return (
    <Page title="Team console" subtitle="Every action names its reason and is kept in the audit log.">
      <nav aria-label="Console" className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 pb-3">
        {VIEWS.map((v) => (
          <Link
            key={v.to}
            to={v.to}
            activeOptions={{ exact: true }}
            className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            activeProps={{ className: 'bg-brand-50 text-brand-800', 'aria-current': 'page' }}
          >
            {v.label}
          </Link>
        ))}
      </nav>
      <Outlet />
    </Page>
  );
}
