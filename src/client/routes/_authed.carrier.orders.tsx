// Carrier Order History (/carrier/orders): first the requests to answer (pending, soonest to
// expire first, with the time left), then the spec's "Past Orders": the rest, newest first, status
// tabs, in pages, and the carrier's actions (Accept/Decline when pending, Cancel/Complete when accepted).
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useCarrierOrders } from '@/client/hooks';
import { useT } from '@/client/i18n/i18n';
import { pullOnOpen } from '@/client/pull-on-open';
import { PillTabs } from '@/client/ui/pill-tabs';
import { SidePanel } from '@/client/ui/side-panel';
import type { OrderRow } from '@/data';
import { todayIn } from '@/domain/listing/departure';
import {
  matchesTab,
  newestFirst,
  ORDER_TABS,
  type OrderTab,
  ordersSearchSchema,
  withTab,
} from './-components/order-filters';
import { type ActionsFor, OrderList } from './-components/order-list';
import { StatusAnnouncer } from './-components/status-announcer';
import { useReference } from './-components/use-reference';
import { OrderActions } from './carrier/-components/order-actions';
import { ToAnswer, toAnswer } from './carrier/-components/to-answer';

export const Route = createFileRoute('/_authed/carrier/orders')({
  // ?tab= chooses the tab (back and forward move between them); ?booking=<id> (a notification's
  // link) opens that booking's View Details.
  validateSearch: ordersSearchSchema,
  // A pull on every visit (not on a change of search): the rows show from the mirror meanwhile.
  loader: ({ context }) => ({ pulled: pullOnOpen(context.store) }),
  shouldReload: ({ cause }) => cause !== 'stay',
  component: CarrierOrders,
});

// Every order opens its details: once accepted they hold the traveller's contact, which the
// carrier needs most while the booking is still accepted.
const actionsFor: ActionsFor = (row: OrderRow) => {
  if (row.status === 'pending' || row.status === 'accepted' || row.status === 'completed') {
    return { actions: <OrderActions row={row} />, details: true };
  }
  return { actions: null, details: true };
};

// The tabs' words by their value (order-filters holds the values; the words are this screen's).
const TAB_LABELS = {
  all: 'carrier.orders.tab.all',
  completed: 'carrier.orders.tab.completed',
  cancelled: 'carrier.orders.tab.cancelled',
  rejected: 'carrier.orders.tab.rejected',
  expired: 'carrier.orders.tab.expired',
} as const satisfies Record<OrderTab, string>;

function CarrierOrders() {
  const t = useT('carrier');
  const orders = useCarrierOrders(Route.useLoaderData({ select: (d) => d.pulled }));
  const reference = useReference();
  const openId = Route.useSearch({ select: (s) => s.booking });
  const tab: OrderTab = Route.useSearch({ select: (s) => s.tab ?? 'all' });
  const navigate = Route.useNavigate();
  // A new history entry per tab, so back returns to the previous one; the page keeps its scroll.
  const setTab = (next: OrderTab) => void navigate({ search: (s) => withTab(s, next), resetScroll: false });
  const today = todayIn(Date.now());
  const answer = useMemo(() => toAnswer(orders.rows ?? [], reference), [orders.rows, reference]);
  const sorted = useMemo(
    () => newestFirst((orders.rows ?? []).filter((r) => !answer.expiry.has(r.id))),
    [orders.rows, answer],
  );
  const rows = useMemo(() => sorted.filter((r) => matchesTab(r, tab, today)), [sorted, tab, today]);
  const tabs = useMemo(() => ORDER_TABS.map((o) => ({ value: o.value, label: t(TAB_LABELS[o.value]) })), [t]);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8 md:grid-cols-[16rem_1fr]">
      <SidePanel title={t('carrier.orders.side')}>
        <p>{t('carrier.orders.sideText')}</p>
      </SidePanel>
      <div className="flex min-w-0 flex-col gap-8">
        <ToAnswer rows={answer.rows} expiry={answer.expiry} reference={reference} openId={openId} />
        <section aria-labelledby="past-orders" className="flex min-w-0 flex-col gap-4">
          <h1 id="past-orders" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('carrier.orders.past')}
          </h1>
          <PillTabs label={t('carrier.orders.filter')} options={tabs} value={tab} onChange={setTab} />
          <OrderList
            key={tab}
            loading={orders.loading}
            error={null}
            rows={rows}
            side="carrier"
            emptyText={t('carrier.orders.empty')}
            reference={reference}
            openId={openId}
            actionsFor={actionsFor}
          />
          <StatusAnnouncer rows={orders.loading ? undefined : orders.rows} />
        </section>
      </div>
    </div>
  );
}
