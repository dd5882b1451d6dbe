// /team/users: every account, newest first, searched by the start of an e-mail or a name;
// suspend (sessions end, login refused) or restore.
import { createFileRoute } from '@tanstack/react-router';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { Card } from '@/client/ui/card';
import { teamAction } from '@/data';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/users')({ component: Users });

interface User {
  id: string;
  email: string;
  name: string;
  phone: string;
  createdAt: number;
  suspended: boolean;
  suspendedReason: string | null;
}

const STATUSES = [
  { value: '', label: 'team.users.everyone' },
  { value: 'suspended', label: 'team.users.suspendedFilter' },
] as const;

function Users() {
  const page = useTeamPage<User>('users');
  const store = useStore();
  const t = useT('team');
  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="mb-4 text-xl font-semibold text-slate-900">
        {t('team.users.title')}
      </h2>
      <TeamList
        page={page}
        searchLabel={t('team.users.search')}
        statuses={STATUSES.map((s) => ({ value: s.value, label: t(s.label) }))}
        empty={t('team.users.empty')}
        keyOf={(u) => u.id}
      >
        {(u) => (
          <Card className="p-4">
            <article aria-label={u.email}>
              <p className="font-semibold text-slate-900">
                {u.name} <span className="font-normal text-slate-600">{u.email}</span>
              </p>
              <p className="text-xs text-slate-600">
                {u.phone} · {t('team.users.joined', { when: when(u.createdAt) })}
              </p>
              {u.suspended ? (
                <p className="mt-1 text-sm text-red-700">
                  {t('team.users.suspendedBecause', { reason: u.suspendedReason ?? '' })}
                </p>
              ) : null}
              <ActionForm
                onDone={page.reload}
                actions={[
                  u.suspended
                    ? {
                        label: t('team.users.restore'),
                        variant: 'secondary',
                        run: (reason) =>
                          teamAction(store, `users/${u.id}/restore`, { reason }).then(() =>
                            t('team.users.restored'),
                          ),
                      }
                    : {
                        label: t('team.users.suspend'),
                        variant: 'danger',
                        run: (reason) =>
                          teamAction(store, `users/${u.id}/suspend`, { reason }).then(() =>
                            t('team.users.suspendedDone'),
                          ),
                      },
                ]}
              />
            </article>
          </Card>
        )}
      </TeamList>
    </section>
  );
}
