// Airports and airlines from the local mirror, as picker choices and code -> name lookups, plus
// whether loading them failed with nothing mirrored (the screens' 'Failed to load data'). Each
// screen that uses them refreshes the mirror once when it opens (at most every 5 minutes: see
// refreshReference).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { airlinesQuery, airportsQuery, refreshReference } from '@/data';
import type { Choice } from '@/domain/reference/match';
import { airportLabel } from '@/domain/reference/schema';

export function useReference() {
  const store = useStore();
  const airports = useLiveQuery(() => airportsQuery(store), [store]);
  const airlines = useLiveQuery(() => airlinesQuery(store), [store]);
  const [attempt, setAttempt] = useState<'running' | 'ok' | 'failed'>('running');
  useEffect(() => {
    // An answer after the screen has gone (or the page is being torn down) updates nothing.
    let gone = false;
    refreshReference(store).then(
      () => gone || setAttempt('ok'),
      () => gone || setAttempt('failed'),
    );
    return () => {
      gone = true;
    };
  }, [store]);

  return useMemo(() => {
    const airportRows = airports ?? [];
    const airlineRows = airlines ?? [];
    const empty = airportRows.length === 0 || airlineRows.length === 0;
    const airportByCode = new Map(airportRows.map((a) => [a.code, a]));
    const airlineByCode = new Map(airlineRows.map((a) => [a.code, a]));
    return {
      // Until rows arrive (the mirror may lag the fetch by a tick), keep showing the skeleton.
      loading: empty && attempt !== 'failed',
      failed: empty && attempt === 'failed',
      airportOptions: airportRows.map(
        (a): Choice => ({
          value: a.code,
          label: airportLabel(a),
          keywords: `${a.city} ${a.country}`,
          ...(a.city ? { short: `${a.city} (${a.code})` } : {}),
        }),
      ),
      airlineOptions: airlineRows.map((a): Choice => ({ value: a.code, label: `${a.name} (${a.code})` })),
      airportName: (code: string) => airportByCode.get(code)?.name,
      airlineName: (code: string) => airlineByCode.get(code)?.name ?? code,
      timeZoneOf: (code: string) => airportByCode.get(code)?.timeZone || undefined,
    };
  }, [airports, airlines, attempt]);
}

export type Reference = ReturnType<typeof useReference>;
