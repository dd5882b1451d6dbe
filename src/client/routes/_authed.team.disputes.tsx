// /team/disputes: payment disputes (issue 31), a carrier's "Not received" to a traveller's "I
// paid": both sides, the flight, the total and the UPI reference the traveller gave, so the team
// can follow it up with both; "Mark resolved" (with its reason, audited, and sent to both sides
// as the team's resolution) once it has.
import { createFileRoute } from '@tanstack/react-router';
import { useStore } from '@/client/hooks/use-store';
import { Card } from '@/client/ui/card';
import { teamAction } from '@/data';
import { formatPrice, formatWeight } from '@/domain/format';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/disputes')({ component: Disputes });

interface Dispute {
  id: string;
  createdAt: number;
  resolvedAt: number | null;
  claimedRef: string | null;
  booking: { id: string; status: string; cost: number; weightGrams: number; paymentState: string | null };
  traveller: { name: string; email: string };
  carrier: { name: string; email: string };
  flightNo: string;
  from: string;
  to: string;
  departure: string;
}

const STATUSES = [
  { value: '', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

function Disputes() {
  const page = useTeamPage<Dispute>('disputes');
  return (
    <section aria-labelledby="disputes-title">
      <h2 id="disputes-title" className="mb-4 text-xl font-semibold text-slate-900">
        Payment disputes
      </h2>
      <TeamList
        page={page}
        searchLabel="Search by either side's e-mail"
        statuses={STATUSES}
        empty="No payment disputes here."
        keyOf={(d) => d.id}
      >
        {(d) => <DisputeCard dispute={d} onDone={page.reload} />}
      </TeamList>
    </section>
  );
}

function DisputeCard({ dispute: d, onDone }: { dispute: Dispute; onDone: () => void }) {
  const store = useStore();
  return (
    <Card className="p-4">
      <article aria-label={`Payment dispute of ${d.traveller.email} and ${d.carrier.email}`}>
        <p className="text-sm text-slate-600">
          Disputed {when(d.createdAt)}
          {d.resolvedAt ? ` · resolved ${when(d.resolvedAt)}` : ' · open'}
        </p>
        <p className="mt-1 font-semibold text-slate-900">
          {formatPrice(d.booking.cost)} for {formatWeight(d.booking.weightGrams / 1000)} · {d.from} to {d.to}{' '}
          · {d.flightNo} · {d.departure}
        </p>
        <p className="text-sm text-slate-800">
          Traveller: {d.traveller.name} ({d.traveller.email}) says they paid by UPI
          {d.claimedRef ? (
            <>
              , reference <span className="font-mono break-all">{d.claimedRef}</span>
            </>
          ) : null}
          .
        </p>
        <p className="text-sm text-slate-800">
          Carrier: {d.carrier.name} ({d.carrier.email}) answered Not received.
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Booking {d.booking.id.slice(0, 8)} ({d.booking.status})
        </p>
        {d.resolvedAt === null ? (
          <ActionForm
            onDone={onDone}
            actions={[
              {
                label: 'Mark resolved',
                variant: 'secondary',
                run: (reason) => teamAction(store, `disputes/${d.id}/resolve`, { reason }),
              },
            ]}
          >
            <p className="text-sm text-slate-600">
              Both sides are told the reason you give as the team's resolution (push or e-mail).
            </p>
          </ActionForm>
        ) : null}
      </article>
    </Card>
  );
}
