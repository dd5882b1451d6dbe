// /team/users: every account, newest first, searched by the start of an e-mail or a name;
// suspend (sessions end, login refused) or restore.
import { createFileRoute } from '@tanstack/react-router';
import { useStore } from '@/client/hooks/use-store';
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
  { value: '', label: 'Everyone' },
  { value: 'suspended', label: 'Suspended' },
];

function Users() {
  const page = useTeamPage<User>('users');
  const store = useStore();
  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="mb-4 text-xl font-semibold text-slate-900">
        Users
      </h2>
      <TeamList
        page={page}
        searchLabel="Search by the start of an e-mail or a name"
        statuses={STATUSES}
        empty="No users found. Search by the start of an e-mail address or a name."
        keyOf={(u) => u.id}
      >
        {(u) => (
          <Card className="p-4">
            <article aria-label={u.email}>
              <p className="font-semibold text-slate-900">
                {u.name} <span className="font-normal text-slate-600">{u.email}</span>
              </p>
              <p className="text-xs text-slate-600">
                {u.phone} · joined {when(u.createdAt)}
              </p>
              {u.suspended ? (
                <p className="mt-1 text-sm text-red-700">Suspended: {u.suspendedReason}</p>
              ) : null}
              <ActionForm
                onDone={page.reload}
                actions={[
                  u.suspended
                    ? {
                        label: 'Restore',
                        variant: 'secondary',
                        run: (reason) => teamAction(store, `users/${u.id}/restore`, { reason }),
                      }
                    : {
                        label: 'Suspend',
                        variant: 'danger',
                        run: (reason) => teamAction(store, `users/${u.id}/suspend`, { reason }),
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
