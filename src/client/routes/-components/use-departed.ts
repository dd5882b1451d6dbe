// Whether a listing's flight has left, judged as the server does (in the origin airport's zone,
// from the mirrored airports, by the server's clock as the store last heard it), and judged again
// the moment it leaves while the screen is open.
import { useEffect, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { serverNowKnown } from '@/data';
import { departureInstant, hasDeparted } from '@/domain/listing/departure';
import type { Listing } from '@/domain/listing/schema';
import type { Reference } from './use-reference';

/** setTimeout's longest delay; a flight further away is judged again on the next render. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function useDeparted(listing: Listing, reference: Pick<Reference, 'timeZoneOf'>): boolean {
  const store = useStore();
  const departed = hasDeparted(listing, serverNowKnown(store), reference.timeZoneOf);
  const [, setTick] = useState(0);
  const instant = departureInstant(listing.departure, listing.time, reference.timeZoneOf(listing.from));
  useEffect(() => {
    if (departed) return;
    const wait = instant - serverNowKnown(store);
    if (!Number.isFinite(wait) || wait > MAX_DELAY_MS) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, wait) + 1);
    return () => clearTimeout(timer);
  }, [departed, instant, store]);
  return departed;
}
