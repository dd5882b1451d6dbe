// The thread's header: a way back to the booking in its list, who the conversation is with, the
// booking's flight and status, and the one-line payment reminder (pay the carrier at the hand-off by
// the app's UPI code or in cash, and mark it in the booking).
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useT } from '@/client/i18n/i18n';
import { deviceZone, LOCALE } from '@/client/locale';
import { StatusBadge } from '@/client/ui/status-badge';
import type { ThreadInfo } from '@/data';
import { formatDayMonth, formatTime } from '@/domain/format';
import { formatDepartureTime } from '@/domain/listing/departure';
import { otherNameOf, type PeopleTranslate } from './thread-text';

/** "Messages with {name}" around the name: the words for screen readers, the name for everyone. */
function WithName({ name, t }: { name: string; t: PeopleTranslate }) {
  const mark = '\u0000';
  const [before = '', after = ''] = t('people.thread.with', { name: mark }).split(mark);
  return (
    <>
      {before ? <span className="sr-only">{before}</span> : null}
      {name}
      {after ? <span className="sr-only">{after}</span> : null}
    </>
  );
}

export function ThreadHeader({ info }: { info: ThreadInfo }) {
  const t = useT('people');
  const f = info.booking.flightDetails;
  const back = info.side === 'carrier' ? ('/carrier/orders' as const) : ('/mybookings' as const);
  return (
    <div className="sticky top-16 z-20 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:px-6">
      <div className="flex items-center gap-2">
        <Link
          to={back}
          search={{ booking: info.bookingId }}
          className="grid size-10 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">
            {info.side === 'carrier' ? t('people.thread.backToOrders') : t('people.thread.backToBookings')}
          </span>
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold text-slate-900">
            <WithName name={otherNameOf(info, t)} t={t} />
          </h1>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            <span>
              {f.flightNo} · {f.from}
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> {t('people.thread.to')} </span>
              {f.to}
              {f.departure ? ` · ${formatDayMonth(f.departure, LOCALE)}` : ''}
              {f.time
                ? `, ${
                    f.departure
                      ? formatDepartureTime(
                          f.departure,
                          f.time,
                          info.originZone ?? undefined,
                          deviceZone(),
                          LOCALE,
                        )
                      : formatTime(f.time, LOCALE)
                  }`
                : ''}
            </span>
            <StatusBadge status={info.status} />
          </p>
        </div>
      </div>
      <p className="mt-1 flex items-start gap-1.5 text-xs text-slate-700">
        <ShieldAlert aria-hidden="true" className="mt-px size-3.5 shrink-0 text-amber-700" />
        {/* Each side's part in it: the traveller pays, the carrier confirms what arrived. */}
        {info.side === 'carrier'
          ? t('people.thread.paymentReminderCarrier')
          : t('people.thread.paymentReminder')}
      </p>
    </div>
  );
}
