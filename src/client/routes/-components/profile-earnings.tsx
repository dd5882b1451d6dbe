// Profile: what the user earned as a carrier (received, still owed) and paid as a traveller, by
// month, as the server sums them from the bookings' payment records (GET /api/earnings), a page
// of 12 months at a time. Sums need the server: offline the section says so.
import { useCallback, useEffect, useId, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Button } from '@/client/ui/button';
import { loadEarnings } from '@/data';
import { formatPrice } from '@/domain/format';
import type { EarningsMonth } from '@/domain/payment/schema';

type Side = 'carrier' | 'traveller';

const TITLES = {
  carrier: 'carrier.earnings.carrierTitle',
  traveller: 'carrier.earnings.travellerTitle',
} as const satisfies Record<Side, string>;
const COLUMNS = {
  carrier: ['carrier.earnings.received', 'carrier.earnings.toConfirm', 'carrier.earnings.owed'],
  traveller: ['carrier.earnings.paid', 'carrier.earnings.waiting', 'carrier.earnings.toPay'],
} as const satisfies Record<Side, readonly [string, string, string]>;

/** '2026-11' -> 'Nov 2026' (in the active language). */
function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, 1),
  );
}

function EarningsTable({ side }: { side: Side }) {
  const t = useT('carrier');
  const store = useStore();
  const id = useId();
  const [months, setMonths] = useState<EarningsMonth[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    async (before?: string) => {
      try {
        const page = await loadEarnings(store, side, before);
        setMonths((m) => [...(before ? (m ?? []) : []), ...page.months]);
        setNext(page.next);
        setFailed(false);
      } catch {
        setFailed(true);
      }
    },
    [store, side],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const [received, claimed, owed] = COLUMNS[side];
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t(TITLES[side])}
      </h3>
      {failed && months === null ? (
        <p className="mt-2 text-sm text-slate-600">{t('carrier.earnings.offline')}</p>
      ) : null}
      {months?.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('carrier.earnings.none')}</p>
      ) : null}
      {months?.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-right text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 text-left font-medium">
                  {t('carrier.earnings.month')}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t(received)}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t(claimed)}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t(owed)}
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-t border-slate-100">
                  <th scope="row" className="py-1.5 text-left font-medium text-slate-900">
                    {monthName(m.month)}
                    <span className="ml-1 text-xs font-normal text-slate-500">
                      {t('carrier.earnings.bookings', { count: m.bookings })}
                    </span>
                  </th>
                  <td className="py-1.5 font-semibold text-emerald-800">{formatPrice(m.received)}</td>
                  <td className="py-1.5 text-slate-700">{formatPrice(m.claimed)}</td>
                  <td className="py-1.5 text-amber-800">{formatPrice(m.owed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {next ? (
        <Button variant="secondary" className="mt-3" onClick={() => void load(next)}>
          {t('carrier.earnings.older')}
        </Button>
      ) : null}
    </section>
  );
}

export function ProfileEarnings() {
  const t = useT('carrier');
  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('carrier.earnings.money')}</h2>
      <div className="grid gap-3 lg:grid-cols-2">
        <EarningsTable side="carrier" />
        <EarningsTable side="traveller" />
      </div>
    </div>
  );
}
