// A courier request's details (/courier-requests/$id): what it asks, its status and history, the
// listings on its route and dates with "Book this" (a booking of its weight, as the traveller's),
// and Withdraw while it is open. From the local store: it opens offline, and each action is
// queued like every change. The Government ID shows only masked.
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCourierRequest, useStore } from '@/client/hooks';
import { pullOnOpen } from '@/client/pull-on-open';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { ConfirmDialog } from '@/client/ui/confirm-dialog';
import { CourierStatusBadge } from '@/client/ui/courier-status-badge';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { SyncState } from '@/client/ui/sync-state';
import {
  bookForCourierRequest,
  type CourierRequestRow,
  discardEntry,
  retryEntry,
  withdrawCourierRequest,
} from '@/data';
import { categoryLabel } from '@/domain/courier/categories';
import { maskIdNumber } from '@/domain/courier/schema';
import { BOOKABLE, COURIER_STATUS_LABELS, WITHDRAWABLE } from '@/domain/courier/status';
import { formatDayMonth, formatPrice, formatWeight } from '@/domain/format';
import type { Listing } from '@/domain/listing/schema';
import { type Reference, useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/courier-requests/$id')({
  loader: ({ context }) => ({ pulled: pullOnOpen(context.store) }),
  shouldReload: ({ cause }) => cause !== 'stay',
  component: CourierRequestDetails,
});

const when = (ms: number) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

function Facts({ r, reference }: { r: CourierRequestRow; reference: Reference }) {
  // The airport's name and code; the code alone while the names are not loaded yet.
  const place = (code: string) => {
    const name = reference.airportName(code);
    return name && name !== code ? `${name} (${code})` : code;
  };
  const facts: [string, string][] = [
    ['From', r.from ? place(r.from) : '—'],
    ['To', r.to ? place(r.to) : '—'],
    ['Dates', r.firstDay ? `${formatDayMonth(r.firstDay)} – ${formatDayMonth(r.lastDay)}` : '—'],
    ['Weight', formatWeight(r.weight)],
    ['Item Category', r.itemCategory.map(categoryLabel).join(', ') || '—'],
    ['Item Description', r.itemDescription || '—'],
    ['Declared value', formatPrice(r.declaredValue)],
    ['Recipient', r.recipientName ? `${r.recipientName}, ${r.recipientPhone}` : '—'],
    [
      'Government ID',
      r.governmentIdLast4 ? `${r.governmentIdType} ${maskIdNumber(r.governmentIdLast4)}` : 'Not given',
    ],
    ['Payment Mode', r.paymentMode || '—'],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt className="font-medium text-slate-500">{k}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Matches({ r, reference }: { r: CourierRequestRow; reference: Reference }) {
  const store = useStore();
  const [busy, setBusy] = useState<string | null>(null);
  async function book(listing: Listing) {
    setBusy(listing.id);
    try {
      await bookForCourierRequest(store, r, listing);
      toast.success('Booking Conformed');
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : 'Booking Failed! Please try again');
    } finally {
      setBusy(null);
    }
  }
  if (!r.matches.length)
    return (
      <EmptyState title="No carrier on this route and dates yet.">
        We will notify you when a carrier lists a flight that matches.
      </EmptyState>
    );
  return (
    <ul className="flex flex-col gap-3">
      {r.matches.map((l) => (
        <li key={l.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-4">
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold text-slate-900">
              {l.flightNo} · {reference.airlineName(l.airline)}
            </p>
            <p className="text-slate-600">
              {formatDayMonth(l.departure)}
              {l.time ? `, ${reference.departureTime(l.departure, l.time, l.from)}` : ''} ·{' '}
              {formatWeight(l.available)} space available · {formatPrice(l.cost)} per KG
            </p>
            <p className="text-slate-600">
              For your {formatWeight(r.weight)}: {formatPrice(Math.round(l.cost * r.weight * 100) / 100)}
            </p>
          </div>
          <Button
            onClick={() => void book(l)}
            busy={busy === l.id}
            busyLabel="Processing..."
            disabled={busy !== null || l.available < r.weight}
            aria-label={`Book this: ${l.flightNo} on ${formatDayMonth(l.departure)}`}
          >
            Book this
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** What happens next with a request, in words, for each status. */
const NEXT_STEP: Record<CourierRequestRow['status'], string> = {
  submitted:
    'What happens next: we look for carriers flying your route on your dates, and tell you (notification or e-mail) when one lists a flight that matches.',
  matched: 'What happens next: pick a carrier below with "Book this", or wait for another one to match.',
  booked:
    'What happens next: the carrier accepts or declines your booking. Once accepted, My Bookings shows the hand-off code to give at the hand-off; if declined, this request is matched again.',
  delivered: 'Delivered. You can rate the carrier in My Bookings.',
  closed: 'This request is closed: it is no longer matched with carriers.',
};

function CourierRequestDetails() {
  const { id } = Route.useParams();
  const r = useCourierRequest(id);
  const reference = useReference();
  const store = useStore();
  const [asking, setAsking] = useState(false);
  if (r === undefined) return <Spinner label="Loading..." />;
  if (r === null)
    return (
      <Page title="Courier request" width="lg">
        <EmptyState title="That courier request is not on this device.">
          <Link to="/courier-requests" className="font-medium text-brand-700 underline">
            Back to My courier requests
          </Link>
        </EmptyState>
      </Page>
    );
  const key = r.outboxKey;
  const open = WITHDRAWABLE.includes(r.status);
  return (
    <Page
      title="Courier request"
      subtitle={
        <Link to="/courier-requests" className="text-brand-700 underline">
          My courier requests
        </Link>
      }
      width="lg"
    >
      <div className="flex flex-col gap-6">
        <Card className="flex flex-col gap-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <CourierStatusBadge status={r.status} />
            <SyncState
              state={r.syncState}
              error={r.syncError}
              {...(key
                ? {
                    onRetry: () => void retryEntry(store, key),
                    onDiscard: () => void discardEntry(store, key),
                  }
                : {})}
            />
          </div>
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{NEXT_STEP[r.status]}</p>
          <Facts r={r} reference={reference} />
          {r.status === 'closed' || r.status === 'delivered' ? (
            <p className="text-sm">
              <Link to="/senderhome" className="font-medium text-brand-700 underline">
                Make a new courier request
              </Link>
            </p>
          ) : null}
          {r.bookingId ? (
            <p className="text-sm">
              <Link to="/mybookings" className="font-medium text-brand-700 underline">
                See the booking in My Bookings
              </Link>
            </p>
          ) : null}
          {open ? (
            <div>
              <Button variant="secondary" onClick={() => setAsking(true)}>
                Withdraw request
              </Button>
            </div>
          ) : null}
        </Card>
        {BOOKABLE.includes(r.status) ? (
          <section aria-labelledby="matches" className="flex flex-col gap-3">
            <h2 id="matches" className="text-lg font-semibold text-slate-900">
              Carriers on your route and dates
            </h2>
            <Matches r={r} reference={reference} />
          </section>
        ) : null}
        <section aria-labelledby="history" className="flex flex-col gap-3">
          <h2 id="history" className="text-lg font-semibold text-slate-900">
            History
          </h2>
          <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm">
            {r.history.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a history only grows at its end
              <li key={i}>
                <p className="font-medium text-slate-900">{COURIER_STATUS_LABELS[h.status]}</p>
                <p className="text-slate-600">
                  {when(h.at)}
                  {h.note ? ` · ${h.note}` : ''}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>
      {asking ? (
        <ConfirmDialog
          title="Withdraw this courier request?"
          description="It will be closed and no longer matched with carriers. This cannot be undone."
          confirmLabel="Withdraw request"
          cancelLabel="Keep it"
          busy={false}
          busyLabel="Withdrawing..."
          onConfirm={() => {
            setAsking(false);
            void withdrawCourierRequest(store, r.id).then(() => toast.success('Courier request withdrawn.'));
          }}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </Page>
  );
}
