// A list of bookings with its loading, error and empty states; `actionsFor` adds row actions.
// Rows come in pages of PAGE_SIZE; each row re-renders only when its own booking changes.
import { CalendarX, TriangleAlert } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useUnreadCounts } from '@/client/hooks/use-messages';
import { useT } from '@/client/i18n/i18n';
import { EmptyState } from '@/client/ui/empty-state';
import { Spinner } from '@/client/ui/spinner';
import type { OrderRow } from '@/data';
import type { ThreadSide } from '@/domain/message/schema';
import { OrderItem } from './order-item';
import { ShowMore, usePage } from './show-more';
import type { Reference } from './use-reference';

/** Keep it stable (module level): a new function each render re-renders every row. */
export type ActionsFor = (row: OrderRow) => { actions: ReactNode; details: boolean };

interface OrderListProps {
  loading: boolean;
  error: string | null;
  rows: readonly OrderRow[];
  /** Whose list it is: the carrier's orders (carrierOrdersQuery) or the traveller's bookings. */
  side: ThreadSide;
  emptyText: string;
  reference: Reference;
  actionsFor?: ActionsFor;
  /** The booking whose details open (and scroll into view): a notification's `?booking=`. */
  openId?: string | undefined;
}

export function OrderList({
  loading,
  error,
  rows,
  side,
  emptyText,
  reference,
  actionsFor,
  openId,
}: OrderListProps) {
  const t = useT('carrier');
  if (loading) return <Spinner label={t('carrier.orders.loading')} />;
  if (error) {
    return (
      <div role="alert">
        <EmptyState icon={<TriangleAlert className="size-10" />} title={error} />
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState icon={<CalendarX className="size-10" />} title={emptyText} />;
  return (
    <PagedOrders rows={rows} side={side} reference={reference} actionsFor={actionsFor} openId={openId} />
  );
}

interface PagedOrdersProps {
  rows: readonly OrderRow[];
  side: ThreadSide;
  reference: Reference;
  actionsFor: ActionsFor | undefined;
  openId: string | undefined;
}

function PagedOrders({ rows, side, reference, actionsFor, openId }: PagedOrdersProps) {
  // The opened booking is shown even when it is past the first page.
  const page = usePage(rows, openId ? rows.findIndex((r) => r.id === openId) : -1);
  const unread = useUnreadCounts().byBooking;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {page.visible.map((row) => (
          <li key={row.id}>
            <OrderListRow
              row={row}
              side={side}
              reference={reference}
              actionsFor={actionsFor}
              opened={openId !== undefined && row.id === openId}
              unread={unread[row.id] ?? 0}
            />
          </li>
        ))}
      </ul>
      <ShowMore remaining={page.remaining} onClick={page.showMore} />
    </>
  );
}

const OrderListRow = memo(function OrderListRow({
  row,
  side,
  reference,
  actionsFor,
  opened,
  unread,
}: Omit<PagedOrdersProps, 'rows' | 'openId'> & { row: OrderRow; opened: boolean; unread: number }) {
  const extra = actionsFor?.(row);
  return (
    <OrderItem
      row={row}
      side={side}
      reference={reference}
      actions={extra?.actions}
      showDetailsLink={extra?.details ?? true}
      opened={opened}
      unread={unread}
    />
  );
});
