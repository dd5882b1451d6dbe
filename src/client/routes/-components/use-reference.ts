// Airports and airlines from the local mirror, as picker sources and code -> name lookups, plus
// whether loading them failed with nothing mirrored (the screens' 'Failed to load data'). Each
// screen that uses them refreshes the mirror once when it opens (at most every 5 minutes: see
// refreshReference).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { deviceLocale, deviceZone, LOCALE, preferredCountries } from '@/client/locale';
import { airlinesQuery, airportsQuery, refreshReference } from '@/data';
import { formatDepartureTime } from '@/domain/listing/departure';
import { indexAirports } from '@/domain/reference/airport-match';
import { airportSource, type ChoiceSource, listSource } from '@/domain/reference/choices';
import type { Choice } from '@/domain/reference/match';

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

  // Once per mirror change, not per render: the code -> airport lookup the cards use.
  const airportByCode = useMemo(() => new Map((airports ?? []).map((a) => [a.code, a])), [airports]);
  const airlineByCode = useMemo(() => new Map((airlines ?? []).map((a) => [a.code, a])), [airlines]);
  // The pickers' source, built when a picker first asks for it (once per mirror change): indexing
  // 3,000 airports is a task of 100-250 ms on a phone, which screens showing only names never need.
  const pickerSource = useMemo(() => {
    let source: ChoiceSource | undefined;
    return () => {
      if (!source) {
        const countries = preferredCountries(deviceLocale());
        const home = airports?.find((a) => a.cc === countries[0])?.country ?? '';
        source = airportSource(indexAirports(airports ?? []), countries, home);
      }
      return source;
    };
  }, [airports]);

  return useMemo(() => {
    const empty = airportByCode.size === 0 || airlineByCode.size === 0;
    const timeZoneOf = (code: string) => airportByCode.get(code)?.timeZone || undefined;
    return {
      // Until rows arrive (the mirror may lag the fetch by a tick), keep showing the skeleton.
      loading: empty && attempt !== 'failed',
      failed: empty && attempt === 'failed',
      get airportOptions() {
        return pickerSource();
      },
      airlineOptions: listSource(
        [...airlineByCode.values()].map((a): Choice => ({ value: a.code, label: `${a.name} (${a.code})` })),
      ),
      airportName: (code: string) => airportByCode.get(code)?.name,
      /** "Bengaluru": what a card shows for a code (the city, else the airport's name). */
      cityOf: (code: string) => {
        const a = airportByCode.get(code);
        return a ? a.city || a.name : undefined;
      },
      airlineName: (code: string) => airlineByCode.get(code)?.name ?? code,
      knowsAirline: (code: string) => airlineByCode.has(code),
      timeZoneOf,
      /** A departure's time at `from`, its zone named where the device's clock differs: '9:30 am GST'. */
      departureTime: (date: string, time: string, from: string) =>
        formatDepartureTime(date, time, timeZoneOf(from), deviceZone(), LOCALE),
    };
  }, [airportByCode, airlineByCode, pickerSource, attempt]);
}

export type Reference = ReturnType<typeof useReference>;
