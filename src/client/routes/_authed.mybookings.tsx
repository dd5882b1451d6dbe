// My Bookings (/mybookings): the left panel, status tabs in the URL (Upcoming = future and pending or
// accepted), and 'Your Bookings' read from the local store, in pages; a new tab starts at page one.
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useMyBookings } from '@/client/hooks';
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

const KINDS = ['All Bookings', 'Traveller Bookings', 'Carrier Bookings', 'Sender Bookings'];

function MyBookings() {
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

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8 md:grid-cols-[16rem_1fr]">
      <SidePanel title="My Bookings">
        <p>Everything you've booked on other travellers' flights.</p>
        <div className="mt-4 flex flex-col gap-2">
          {KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2 text-white">
              <input type="checkbox" className="size-4 accent-brand-300" /> {k}
            </label>
          ))}
        </div>
      </SidePanel>
      <section aria-labelledby="your-bookings" className="flex min-w-0 flex-col gap-4">
        <h1 id="your-bookings" className="text-2xl font-bold tracking-tight text-slate-900">
          Your Bookings
        </h1>
        <PillTabs label="Filter bookings" options={BOOKING_TABS} value={tab} onChange={setTab} />
        <OrderList
          key={tab}
          loading={bookings.loading}
          error={bookings.error ? 'Failed to load bookings. Please try again.' : null}
          rows={rows}
          side="traveller"
          emptyText="No bookings found."
          reference={reference}
          openId={openId}
        />
        <StatusAnnouncer rows={bookings.loading ? undefined : bookings.rows} />
      </section>
    </div>
  );
}
