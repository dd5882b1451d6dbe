// The traveller's latest request still waiting, at the top of the search screen: whom it waits for
// and until when ("Waiting for Asha to accept, until 18:40"), or that it waits for the network,
// or why it was refused; with a link to its details.
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from '@/client/hooks/use-store';
import { useSyncStatus } from '@/client/hooks/use-sync-status';
import { refusalMessageText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { myBookingsQuery } from '@/data';
import { bookingExpiry } from '@/domain/booking/status';
import { departureInstant } from '@/domain/listing/departure';
import type { Reference } from './use-reference';

/** Requests older than this are not "just made": My Bookings lists them. */
const RECENT_MS = 24 * 60 * 60 * 1000;

export function RecentRequest({ reference }: { reference: Reference }) {
  const store = useStore();
  const t = useT('sender');
  const { online } = useSyncStatus();
  const rows = useLiveQuery(() => myBookingsQuery(store), [store]);
  const now = Date.now();
  const row = (rows ?? [])
    .filter((r) => r.status === 'pending' && now - r.createdAt._seconds * 1000 < RECENT_MS)
    .sort((a, b) => b.createdAt._seconds - a.createdAt._seconds)[0];
  if (!row) return null;
  const f = row.flightDetails;
  const carrier = row.carrierName || t('sender.recent.theCarrier');
  const created = row.createdAt._seconds * 1000;
  const until = new Date(
    bookingExpiry(created, departureInstant(f.departure, f.time, reference.timeZoneOf(f.from))).at,
  );
  const sameDay = until.toDateString() === new Date(now).toDateString();
  const when = until.toLocaleString(LOCALE, {
    hourCycle: 'h23',
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  });
  const text =
    row.syncState === 'failed'
      ? t('sender.recent.failed', { carrier, error: refusalMessageText(row.syncError ?? '', t) })
      : row.syncState === 'pending'
        ? online
          ? t('sender.recent.sending')
          : t('sender.recent.offline')
        : t('sender.recent.waiting', { carrier, when });
  return (
    <section
      aria-label={t('sender.recent.label')}
      className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm"
    >
      <p className="text-slate-900">
        <span className="font-semibold">
          {f.from} → {f.to}, {f.flightNo}:{' '}
        </span>
        <span role="status">{text}</span>
      </p>
      <Link
        to="/mybookings"
        search={{ booking: row.id }}
        className="font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        {t('sender.recent.view')}
      </Link>
    </section>
  );
}
