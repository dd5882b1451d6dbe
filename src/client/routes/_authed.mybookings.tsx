// My Bookings (/mybookings): the left panel, status tabs in the URL (Upcoming = future and pending or
// accepted), and 'Your Bookings' read from the local store, in pages; a new tab starts at page one.
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useMyBookings } from '@/client/hooks';
import { type AreaKeys, useT } from '@/client/i18n/i18n';
import { pullOnOpen } from '@/client/pull-on-open';
import { PillTabs } from '@/client/ui/pill-tabs';
import { SidePanel } from '@/client/ui/side-panel';
import { todayIn } from '@/domain/listing/departure';
import {
  BOOKING_TABS,
  type BookingTab,
  bookingsSearchSchema,
  matchesTab,
  newestFirst,
  withTab,
} from './-components/order-filters';
import { OrderList } from './-components/order-list';
import { StatusAnnouncer } from './-components/status-announcer';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/mybookings')({
  // ?tab= chooses the tab (back and forward move between them); ?booking=<id> (a notification's
  // link) opens that booking's View Details.
  validateSearch: bookingsSearchSchema,
  // A pull on every visit (not on a change of search): the rows show from the mirror meanwhile.
  loader: ({ context }) => ({ pulled: pullOnOpen(context.store) }),
  shouldReload: ({ cause }) => cause !== 'stay',
  component: MyBookings,
});

const KINDS = [
  'search.mybookings.kind.all',
  'search.mybookings.kind.traveller',
  'search.mybookings.kind.carrier',
  'search.mybookings.kind.sender',
] as const satisfies readonly AreaKeys['search'][];

const TAB_LABEL: Record<BookingTab, AreaKeys['search']> = {
  all: 'search.mybookings.tab.all',
  upcoming: 'search.mybookings.tab.upcoming',
  accepted: 'search.mybookings.tab.accepted',
  completed: 'search.mybookings.tab.completed',
  cancelled: 'search.mybookings.tab.cancelled',
  expired: 'search.mybookings.tab.expired',
};

function MyBookings() {
  const t = useT('search');
  const bookings = useMyBookings(Route.useLoaderData({ select: (d) => d.pulled }));
  const reference = useReference();
  const openId = Route.useSearch({ select: (s) => s.booking });
  const tab: BookingTab = Route.useSearch({ select: (s) => s.tab ?? 'all' });
  const navigate = Route.useNavigate();
  // A new history entry per tab, so back returns to the previous one; the page keeps its scroll.
  const setTab = (next: BookingTab) => void navigate({ search: (s) => withTab(s, next), resetScroll: false });
  const today = todayIn(Date.now());
  const sorted = useMemo(() => newestFirst(bookings.rows ?? []), [bookings.rows]);
  const rows = useMemo(() => sorted.filter((r) => matchesTab(r, tab, today)), [sorted, tab, today]);
  const tabs = BOOKING_TABS.map((o) => ({ value: o.value, label: t(TAB_LABEL[o.value]) }));

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8 md:grid-cols-[16rem_1fr]">
      <SidePanel title={t('search.mybookings.panel')}>
        <p>{t('search.mybookings.panelText')}</p>
        <div className="mt-4 flex flex-col gap-2">
          {KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2 text-white">
              <input type="checkbox" className="size-4 accent-brand-300" /> {t(k)}
            </label>
          ))}
        </div>
      </SidePanel>
      <section aria-labelledby="your-bookings" className="flex min-w-0 flex-col gap-4">
        <h1 id="your-bookings" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('search.mybookings.title')}
        </h1>
        <PillTabs label={t('search.mybookings.filter')} options={tabs} value={tab} onChange={setTab} />
        <OrderList
          key={tab}
          loading={bookings.loading}
          error={bookings.error ? t('search.mybookings.failed') : null}
          rows={rows}
          side="traveller"
          emptyText={t('search.mybookings.empty')}
          reference={reference}
          openId={openId}
        />
        <StatusAnnouncer rows={bookings.loading ? undefined : bookings.rows} />
      </section>
    </div>
  );
}
