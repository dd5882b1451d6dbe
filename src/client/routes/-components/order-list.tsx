// A list of bookings with its loading, error and empty states; `actionsFor` adds row actions.
import { CalendarX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/client/ui/empty-state';
import { Spinner } from '@/client/ui/spinner';
import type { OrderRow } from '@/data';
import { OrderItem } from './order-item';
import type { Reference } from './use-reference';

interface OrderListProps {
  loading: boolean;
  error: string | null;
  rows: OrderRow[];
  emptyText: string;
  reference: Reference;
  actionsFor?: (row: OrderRow) => { actions: ReactNode; details: boolean };
}

export function OrderList({ loading, error, rows, emptyText, reference, actionsFor }: OrderListProps) {
  if (loading) return <Spinner label="Loading bookings" />;
  if (error) {
    return (
      <div role="alert">
        <EmptyState icon={<TriangleAlert className="size-10" />} title={error} />
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState icon={<CalendarX className="size-10" />} title={emptyText} />;
  return (
    <ul className="flex flex-col gap-3">
      {rows.map((row) => {
        const extra = actionsFor?.(row);
        return (
          <li key={row.id}>
            <OrderItem
              row={row}
              reference={reference}
              actions={extra?.actions}
              showDetailsLink={extra?.details ?? true}
            />
          </li>
        );
      })}
    </ul>
  );
}
