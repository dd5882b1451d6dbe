// "To answer" on Order History: the requests waiting for the carrier's Accept or Decline, the
// soonest to expire first, each with the time left before it expires unanswered (ticking by the
// server's clock as the store knows it). Shown above the spec's "Past Orders", only when there are any.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { type OrderRow, serverNowKnown } from '@/data';
import { answerBy, timeLeft } from '@/domain/booking/answer-by';
import { type ActionsFor, OrderList } from '../../-components/order-list';
import type { Reference } from '../../-components/use-reference';
import { OrderActions } from './order-actions';

/** The pending rows, soonest to expire first, with when each expires. */
export function toAnswer(rows: readonly OrderRow[], reference: Pick<Reference, 'timeZoneOf'>) {
  const expiry = new Map<string, number>();
  const pending = rows.filter((r) => r.status === 'pending');
  for (const r of pending) expiry.set(r.id, answerBy(r, reference.timeZoneOf(r.flightDetails.from)));
  pending.sort((a, b) => (expiry.get(a.id) ?? 0) - (expiry.get(b.id) ?? 0));
  return { rows: pending, expiry };
}

/** The server's time now, again every minute. */
function useMinuteClock(): number {
  const store = useStore();
  const [now, setNow] = useState(() => serverNowKnown(store));
  useEffect(() => {
    const id = setInterval(() => setNow(serverNowKnown(store)), 60_000);
    return () => clearInterval(id);
  }, [store]);
  return now;
}

function TimeLeft({ at }: { at: number }) {
  const t = useT('carrier');
  const now = useMinuteClock();
  const left = timeLeft(at - now);
  const text =
    left === 'now'
      ? t('carrier.toAnswer.now')
      : left === 'soon'
        ? t('carrier.toAnswer.underMinute')
        : left.h === 0
          ? t('carrier.toAnswer.minutes', { m: left.m })
          : left.m === 0
            ? t('carrier.toAnswer.hours', { h: left.h })
            : t('carrier.toAnswer.hoursMinutes', { h: left.h, m: left.m });
  return <span className="mr-1 text-sm font-semibold text-amber-900">{text}</span>;
}

interface ToAnswerProps {
  rows: readonly OrderRow[];
  expiry: ReadonlyMap<string, number>;
  reference: Reference;
  openId: string | undefined;
}

export function ToAnswer({ rows, expiry, reference, openId }: ToAnswerProps) {
  const t = useT('carrier');
  // One function per expiry map (rows re-render only when their requests change).
  const actionsFor = useMemo<ActionsFor>(
    () => (row) => ({
      actions: (
        <>
          <TimeLeft at={expiry.get(row.id) ?? 0} />
          <OrderActions row={row} />
        </>
      ),
      details: true,
    }),
    [expiry],
  );
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="to-answer" className="flex flex-col gap-3">
      <h2 id="to-answer" className="flex items-center gap-2 text-xl font-bold tracking-tight text-slate-900">
        {t('carrier.toAnswer.title')}
        {/* Seen at a glance; screen readers count the list's items (and the nav says how many). */}
        <span
          aria-hidden="true"
          className="rounded-full bg-amber-500 px-2 text-sm font-bold leading-6 text-slate-950"
        >
          {rows.length}
        </span>
      </h2>
      <p className="text-sm text-slate-600">{t('carrier.toAnswer.text')}</p>
      <OrderList
        loading={false}
        error={null}
        rows={rows}
        side="carrier"
        emptyText=""
        reference={reference}
        openId={openId}
        actionsFor={actionsFor}
      />
    </section>
  );
}
