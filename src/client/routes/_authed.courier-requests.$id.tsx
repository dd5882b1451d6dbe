// A courier request's details (/courier-requests/$id): what it asks, its status and history, the
// listings on its route and dates with "Book this" (a booking of its weight, as the traveller's),
// and Withdraw while it is open. From the local store: it opens offline, and each action is
// queued like every change. The Government ID shows only masked.
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCourierRequest, useStore } from '@/client/hooks';
import { validationText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { failureText } from '@/client/i18n/refusals';
import { LOCALE } from '@/client/locale';
import { pullOnOpen } from '@/client/pull-on-open';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { ConfirmDialog } from '@/client/ui/confirm-dialog';
import { CourierStatusBadge, courierStatusKey } from '@/client/ui/courier-status-badge';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { SyncState } from '@/client/ui/sync-state';
import {
  ApiError,
  bookForCourierRequest,
  type CourierRequestRow,
  discardEntry,
  retryEntry,
  withdrawCourierRequest,
} from '@/data';
import { maskIdNumber } from '@/domain/courier/schema';
import { BOOKABLE, WITHDRAWABLE } from '@/domain/courier/status';
import { formatDayMonth, formatPrice, formatWeight } from '@/domain/format';
import type { Listing } from '@/domain/listing/schema';
import { categoryText, historyNoteText, idTypeText, paymentText } from './-components/courier-text';
import { type Reference, useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/courier-requests/$id')({
  loader: ({ context }) => ({ pulled: pullOnOpen(context.store) }),
  shouldReload: ({ cause }) => cause !== 'stay',
  component: CourierRequestDetails,
});

const when = (ms: number) =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

function Facts({ r, reference }: { r: CourierRequestRow; reference: Reference }) {
  const t = useT('sender');
  // The airport's name and code; the code alone while the names are not loaded yet.
  const place = (code: string) => {
    const name = reference.airportName(code);
    return name && name !== code ? `${name} (${code})` : code;
  };
  const facts: [string, string][] = [
    [t('sender.details.from'), r.from ? place(r.from) : '—'],
    [t('sender.details.to'), r.to ? place(r.to) : '—'],
    [
      t('sender.details.dates'),
      r.firstDay ? `${formatDayMonth(r.firstDay, LOCALE)} – ${formatDayMonth(r.lastDay, LOCALE)}` : '—',
    ],
    [t('sender.details.weight'), formatWeight(r.weight)],
    [t('sender.details.category'), r.itemCategory.map((c) => categoryText(c, t)).join(', ') || '—'],
    [t('sender.details.description'), r.itemDescription || '—'],
    [t('sender.details.value'), formatPrice(r.declaredValue, LOCALE)],
    [t('sender.details.recipient'), r.recipientName ? `${r.recipientName}, ${r.recipientPhone}` : '—'],
    [
      t('sender.details.governmentId'),
      r.governmentIdLast4
        ? `${idTypeText(r.governmentIdType, t)} ${maskIdNumber(r.governmentIdLast4)}`
        : t('sender.details.notGiven'),
    ],
    [t('sender.details.payment'), r.paymentMode ? paymentText(r.paymentMode, t) : '—'],
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
  const t = useT('sender');
  const [busy, setBusy] = useState<string | null>(null);
  async function book(listing: Listing) {
    setBusy(listing.id);
    try {
      await bookForCourierRequest(store, r, listing);
      toast.success(t('sender.match.booked'));
    } catch (err) {
      // A refusal by its code; a check on the device (a session gone) by its message's key.
      toast.error(
        err instanceof ApiError
          ? failureText(err, t)
          : err instanceof Error && err.message
            ? validationText(err.message, t)
            : t('sender.match.failed'),
      );
    } finally {
      setBusy(null);
    }
  }
  if (!r.matches.length)
    return <EmptyState title={t('sender.match.none')}>{t('sender.match.noneText')}</EmptyState>;
  return (
    <ul className="flex flex-col gap-3">
      {r.matches.map((l) => (
        <li key={l.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-4">
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold text-slate-900">
              {l.flightNo} · {reference.airlineName(l.airline)}
            </p>
            <p className="text-slate-600">
              {formatDayMonth(l.departure, LOCALE)}
              {l.time ? `, ${reference.departureTime(l.departure, l.time, l.from)}` : ''} ·{' '}
              {t('sender.match.space', {
                weight: formatWeight(l.available),
                price: formatPrice(l.cost, LOCALE),
              })}
            </p>
            <p className="text-slate-600">
              {t('sender.match.forYours', {
                weight: formatWeight(r.weight),
                price: formatPrice(Math.round(l.cost * r.weight * 100) / 100, LOCALE),
              })}
            </p>
          </div>
          <Button
            onClick={() => void book(l)}
            busy={busy === l.id}
            busyLabel={t('sender.match.busy')}
            disabled={busy !== null || l.available < r.weight}
            aria-label={t('sender.match.bookLabel', {
              flight: l.flightNo,
              date: formatDayMonth(l.departure, LOCALE),
            })}
          >
            {t('sender.match.book')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** What happens next with a request, in words, for each status. */
const NEXT_STEP = {
  submitted: 'sender.next.submitted',
  matched: 'sender.next.matched',
  booked: 'sender.next.booked',
  delivered: 'sender.next.delivered',
  closed: 'sender.next.closed',
} as const satisfies Record<CourierRequestRow['status'], string>;

function CourierRequestDetails() {
  const { id } = Route.useParams();
  const r = useCourierRequest(id);
  const reference = useReference();
  const store = useStore();
  const t = useT('sender');
  const [asking, setAsking] = useState(false);
  if (r === undefined) return <Spinner label={t('sender.loading')} />;
  if (r === null)
    return (
      <Page title={t('sender.details.title')} width="lg">
        <EmptyState title={t('sender.details.missing')}>
          <Link to="/courier-requests" className="font-medium text-brand-700 underline">
            {t('sender.details.back')}
          </Link>
        </EmptyState>
      </Page>
    );
  const key = r.outboxKey;
  const open = WITHDRAWABLE.includes(r.status);
  return (
    <Page
      title={t('sender.details.title')}
      subtitle={
        <Link to="/courier-requests" className="text-brand-700 underline">
          {t('sender.myRequests')}
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
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t(NEXT_STEP[r.status])}</p>
          <Facts r={r} reference={reference} />
          {r.status === 'closed' || r.status === 'delivered' ? (
            <p className="text-sm">
              <Link to="/senderhome" className="font-medium text-brand-700 underline">
                {t('sender.details.newRequest')}
              </Link>
            </p>
          ) : null}
          {r.bookingId ? (
            <p className="text-sm">
              <Link to="/mybookings" className="font-medium text-brand-700 underline">
                {t('sender.details.seeBooking')}
              </Link>
            </p>
          ) : null}
          {open ? (
            <div>
              <Button variant="secondary" onClick={() => setAsking(true)}>
                {t('sender.details.withdraw')}
              </Button>
            </div>
          ) : null}
        </Card>
        {BOOKABLE.includes(r.status) ? (
          <section aria-labelledby="matches" className="flex flex-col gap-3">
            <h2 id="matches" className="text-lg font-semibold text-slate-900">
              {t('sender.details.matches')}
            </h2>
            <Matches r={r} reference={reference} />
          </section>
        ) : null}
        <section aria-labelledby="history" className="flex flex-col gap-3">
          <h2 id="history" className="text-lg font-semibold text-slate-900">
            {t('sender.details.history')}
          </h2>
          <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm">
            {r.history.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a history only grows at its end
              <li key={i}>
                <p className="font-medium text-slate-900">{t(courierStatusKey(h.status))}</p>
                <p className="text-slate-600">
                  {when(h.at)}
                  {h.note ? ` · ${historyNoteText(h.note, t)}` : ''}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('sender.withdraw.title')}
          description={t('sender.withdraw.text')}
          confirmLabel={t('sender.details.withdraw')}
          cancelLabel={t('sender.withdraw.keep')}
          busy={false}
          busyLabel={t('sender.withdraw.busy')}
          onConfirm={() => {
            setAsking(false);
            void withdrawCourierRequest(store, r.id).then(() => toast.success(t('sender.withdraw.done')));
          }}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </Page>
  );
}
