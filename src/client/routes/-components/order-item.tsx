// One booking in a list: initial, route, weight and name, departure, status, sync state, the
// caller's actions, and a View Details disclosure.
import { MessageCircle } from 'lucide-react';
import { memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Avatar } from '@/client/ui/avatar';
import { RatingBadge } from '@/client/ui/rating-badge';
import { StatusBadge } from '@/client/ui/status-badge';
import { SyncState } from '@/client/ui/sync-state';
import { UnreadBadge } from '@/client/ui/unread-badge';
import type { OrderRow } from '@/data';
import { formatDayMonth, formatWeight } from '@/domain/format';
import type { ThreadSide } from '@/domain/message/schema';
import { BookingDetails } from './booking-details';
import { MessageLink } from './message-link';
import { RateBooking } from './rate-booking';
import { RefusedChange } from './refused-change';
import type { Reference } from './use-reference';

interface OrderItemProps {
  row: OrderRow;
  /** Whose list it is in: the carrier's orders or the traveller's bookings. */
  side: ThreadSide;
  reference: Reference;
  actions?: ReactNode;
  showDetailsLink?: boolean;
  /** Open its details and scroll to it (a notification's link names this booking). */
  opened?: boolean;
  /** Unread messages in its thread. */
  unread?: number;
}

export const OrderItem = memo(function OrderItem({
  row,
  side,
  reference,
  actions,
  showDetailsLink = true,
  opened = false,
  unread = 0,
}: OrderItemProps) {
  const t = useT('carrier');
  const [open, setOpen] = useState(opened);
  const article = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!opened) return;
    setOpen(true);
    // Not in every environment (jsdom has none).
    article.current?.scrollIntoView?.({ block: 'center' });
  }, [opened]);
  const detailsId = useId();
  const f = row.flightDetails;
  const key = row.outboxKey;
  // In the carrier's list the other side is the traveller; in mine, the carrier.
  const carrierSide = side === 'carrier';
  const otherName = carrierSide ? row.name : row.carrierName || t('carrier.order.yourCarrier');
  const refusedRequest = row.syncState === 'failed' && row.id.startsWith('local-');
  return (
    <article
      ref={article}
      aria-label={t('carrier.order.label', { from: f.from, to: f.to, name: row.name })}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card"
    >
      <div className="flex items-start gap-3">
        <Avatar name={row.name} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="font-semibold text-slate-900">
              {f.from}{' '}
              <span aria-hidden="true" className="text-brand-600">
                →
              </span>
              <span className="sr-only">{t('carrier.order.to')}</span> {f.to}
            </p>
            {/* A request the server refused was never made: it has no status, only the refusal. */}
            {refusedRequest ? (
              <span className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-inset ring-red-200">
                {t('carrier.order.refused')}
              </span>
            ) : (
              <StatusBadge status={row.status} />
            )}
            {unread > 0 ? (
              <span className="inline-flex items-center gap-1">
                <MessageCircle aria-hidden="true" className="size-4 text-brand-700" />
                <UnreadBadge count={unread} />
              </span>
            ) : null}
          </div>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            {/* One run of text: as a flex item of its own, "· carried by" took the row's gap
                before its own dot, a wider space than the other dot's. */}
            <span>
              {formatWeight(row.weight)} · {row.name}
              {!carrierSide && row.carrierName
                ? ` ${t('carrier.order.carriedBy', { name: row.carrierName })}`
                : ''}
            </span>
            {row.otherRating ? (
              <RatingBadge
                summary={row.otherRating}
                label={t(carrierSide ? 'carrier.order.travellerRating' : 'carrier.order.carrierRating')}
              />
            ) : null}
          </p>
          <p className="text-sm text-slate-500">
            {f.departure ? formatDayMonth(f.departure, LOCALE) : ''}
            {f.time ? `, ${reference.departureTime(f.departure, f.time, f.from)}` : ''} · {f.flightNo}
          </p>
          {row.status === 'expired' ? (
            <p className="mt-1 text-sm text-slate-700">
              {t(
                row.expiredReason === 'departure'
                  ? 'carrier.order.expiredDeparture'
                  : 'carrier.order.expiredDay',
              )}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        <div className="mr-auto">
          {row.syncState === 'failed' && key ? (
            <RefusedChange outboxKey={key} error={row.syncError} />
          ) : (
            <SyncState state={row.syncState} error={row.syncError} />
          )}
        </div>
        {actions}
        {/* On the row for both sides: an unread count beside the route is one tap from its
            thread, not behind View Details. */}
        <MessageLink bookingId={row.id} unread={unread} />
        {showDetailsLink ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
            className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            {t('carrier.order.viewDetails')}
          </button>
        ) : null}
      </div>
      <RateBooking row={row} otherName={otherName} />
      {open ? <BookingDetails id={detailsId} row={row} side={side} reference={reference} /> : null}
    </article>
  );
});
