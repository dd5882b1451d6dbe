// /team/courier: courier requests with the listings matching their trip, and "Propose this
// listing to the sender" (mailed). The Government ID shows masked (its last 4 digits); the full
// number only through "Show full ID", which names a reason and is kept in the audit log.
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { courierMatches, revealGovernmentId, teamAction } from '@/data';
import { formatPrice } from '@/domain/format';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/courier')({ component: Courier });

interface Trip {
  from: string | null;
  to: string | null;
  firstDay: string | null;
  lastDay: string | null;
  weightKg: number | null;
}

interface Request {
  id: string;
  status: string;
  createdAt: number;
  sender: { email: string; name: string };
  item: string;
  trip: Trip;
  governmentId: { type: string; last4: string } | null;
}

interface Listing {
  id: string;
  flightNo: string;
  departure: string;
  time: string;
  available: number;
  cost: number;
  name: string;
}

function Courier() {
  const page = useTeamPage<Request>('courier-requests');
  return (
    <section aria-labelledby="courier-title">
      <h2 id="courier-title" className="mb-4 text-xl font-semibold text-slate-900">
        Courier requests
      </h2>
      <TeamList
        page={page}
        searchLabel="Search by sender's e-mail"
        empty="No courier requests. Requests senders submit land here, newest first."
        keyOf={(r) => r.id}
      >
        {(r) => <RequestCard request={r} />}
      </TeamList>
    </section>
  );
}

const tripText = (t: Trip) =>
  t.from && t.to
    ? `${t.from} to ${t.to}${t.firstDay ? `, ${t.firstDay}${t.lastDay && t.lastDay !== t.firstDay ? ` to ${t.lastDay}` : ''}` : ''}${t.weightKg ? `, ${t.weightKg} KG` : ''}`
    : 'No route given';

function RequestCard({ request }: { request: Request }) {
  const store = useStore();
  const [matches, setMatches] = useState<Listing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = () =>
    courierMatches<Listing>(store, request.id)
      .then((m) => setMatches(m.listings))
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'Could not load matches.'));
  return (
    <Card className="p-4">
      <article aria-label={`Courier request of ${request.sender.email}`}>
        <p className="font-semibold text-slate-900">
          {request.sender.name} <span className="font-normal text-slate-600">{request.sender.email}</span>
        </p>
        <p className="text-sm text-slate-700">
          {tripText(request.trip)} · {request.status} · {when(request.createdAt)}
        </p>
        {request.item ? <p className="mt-1 text-sm text-slate-800">{request.item}</p> : null}
        {request.governmentId ? <GovernmentId requestId={request.id} id={request.governmentId} /> : null}
        {matches === null ? (
          <Button variant="secondary" className="mt-3" onClick={() => void show()}>
            Show matching listings
          </Button>
        ) : matches.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No listing matches this request yet.</p>
        ) : (
          <ul aria-label="Matching listings" className="mt-3 flex flex-col gap-2">
            {matches.map((l) => (
              <li key={l.id} className="rounded-xl border border-slate-200 p-3">
                <p className="text-sm font-semibold text-slate-900">
                  {l.flightNo} · {l.departure} {l.time} · {l.available} KG free · {formatPrice(l.cost)} per KG
                  · {l.name}
                </p>
                <ActionForm
                  onDone={() => undefined}
                  actions={[
                    {
                      label: 'Propose this listing to the sender',
                      run: (reason) =>
                        teamAction(store, `courier-requests/${request.id}/propose`, {
                          listingId: l.id,
                          reason,
                        }),
                    },
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </article>
    </Card>
  );
}

/** The masked ID, and "Show full ID": an audited action (the reason and who saw it are logged). */
function GovernmentId({ requestId, id }: { requestId: string; id: { type: string; last4: string } }) {
  const store = useStore();
  const [full, setFull] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const label = id.type || 'Government ID';
  return (
    <div className="mt-2 text-sm text-slate-800">
      <p>
        {label}: <span className="font-mono">{full ?? `•••• ${id.last4}`}</span>
      </p>
      {full ? (
        <p className="text-xs text-slate-600">Shown to you; the audit log records that you saw it.</p>
      ) : asking ? (
        <ActionForm
          onDone={() => setAsking(false)}
          actions={[
            {
              label: 'Show full ID',
              variant: 'secondary',
              run: async (reason) => {
                const shown = await revealGovernmentId(store, requestId, reason);
                setFull(shown.governmentIdNumber);
                return shown.message;
              },
            },
          ]}
        >
          <p className="text-sm text-slate-700">
            The full number is for checks the law requires. Your name, the time and your reason go into the
            audit log.
          </p>
        </ActionForm>
      ) : (
        <Button variant="ghost" className="mt-1 -ml-2 px-2" onClick={() => setAsking(true)}>
          Show full ID…
        </Button>
      )}
    </div>
  );
}
