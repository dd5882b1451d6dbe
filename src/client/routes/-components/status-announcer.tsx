// Tells screen-reader users, politely, when a booking on screen changes by someone else's hand
// (a poke brought the other party's change): "Booking AI995 accepted", "New booking AI995".
// Only rows the server confirmed count: the user's own changes show as "Waiting to send" first
// and are not announced. The first rows seen are the screen opening, not a change.
import { useEffect, useRef, useState } from 'react';
import { t as activeT, type Translate } from '@/client/i18n/i18n';
import type { OrderRow } from '@/data';
import type { BookingStatus } from '@/domain/booking/status';

/** What changed between two sightings of the rows, one sentence a change (or null), in the active language. */
export function announcementFor(
  before: ReadonlyMap<string, BookingStatus>,
  rows: readonly OrderRow[],
  t: Translate = activeT,
) {
  const said: string[] = [];
  for (const row of rows) {
    if (row.syncState !== 'synced') continue;
    const was = before.get(row.id);
    const flight = row.flightDetails.flightNo;
    if (was === undefined) said.push(t('announce.new', { flight }));
    else if (was !== row.status) said.push(t('announce.status', { flight, status: row.status }));
  }
  return said.length ? said.join(' ') : null;
}

/** `rows`: undefined while the screen is still loading its first rows (nothing to compare yet). */
export function StatusAnnouncer({ rows }: { rows: readonly OrderRow[] | undefined }) {
  const seen = useRef<Map<string, BookingStatus> | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!rows) return;
    const before = seen.current;
    seen.current = new Map(rows.map((r) => [r.id, r.status]));
    if (!before) return;
    const said = announcementFor(before, rows);
    if (said) setMessage(said);
  }, [rows]);
  return (
    <p id="booking-announcements" role="status" aria-live="polite" className="sr-only">
      {message}
    </p>
  );
}
