// A carrier never misses a request (bench/badge.mjs): a traveller's booking to the carrier's
// badge on the open Order History and to the carrier's push, on one PGlite process and on two
// PostgreSQL processes.
import { met, ms, stamp } from './format.mjs';

const SERVERS = [
  ['one process, PGlite', 'pglite'],
  ['two processes, PostgreSQL, behind a round-robin TCP proxy', 'postgres'],
];

const rows = (name, x) =>
  !x || x.error
    ? [`| ${name} | not measured: ${x?.error ?? 'no results'} | | | | |`]
    : [
        `| ${name} | the badge | ${x.badge.samples} | ${ms(x.badge.p50)} | **${ms(x.badge.p95)}** | ${ms(x.badge.max)} |`,
        `| ${name} | the push | ${x.push.samples} | ${ms(x.push.p50)} | **${ms(x.push.p95)}** | ${ms(x.push.max)} |`,
      ];

export function blocks(r) {
  return {
    badge: [
      stamp(r),
      '',
      '| server | booking to | bookings | p50 | p95 | max |',
      '|---|---|---:|---:|---:|---:|',
      ...SERVERS.flatMap(([name, key]) => rows(name, r[key])),
    ].join('\n'),
  };
}

export function summary(r) {
  const worst = (key) => {
    const x = r[key];
    return x && !x.error ? Math.max(x.badge.p95, x.push.p95) : undefined;
  };
  return SERVERS.map(([, key]) => ({
    measure: `Booking to the carrier's badge and push, p95 (${key === 'pglite' ? 'PGlite' : 'two PostgreSQL processes'})`,
    goal: '1 s',
    now: ms(worst(key)),
    met: met(worst(key) === undefined ? undefined : worst(key) <= 1000),
    anchor: 'badge',
  }));
}
