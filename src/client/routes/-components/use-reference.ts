// Airports and airlines from the local mirror, as picker choices and code -> name lookups, plus
// whether loading them failed with nothing mirrored (the screens' 'Failed to load data').
import { useEffect, useMemo, useState } from 'react';
import { useAirlines, useAirports } from '@/client/hooks/use-reference';
import { useStore } from '@/client/hooks/use-store';
import { refreshReference } from '@/data';
import type { Choice } from '@/domain/reference/match';
import { airportLabel } from '@/domain/reference/schema';

export function useReference() {
  const store = useStore();
  const airports = useAirports();
  const airlines = useAirlines();
  const [attempt, setAttempt] = useState<'running' | 'ok' | 'failed'>('running');
  useEffect(() => {
    refreshReference(store).then(
      () => setAttempt('ok'),
      () => setAttempt('failed'),
    );
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
