// Earnings by month for a carrier with 10,000 completed bookings (bench/earnings.ts): GET
// /api/earnings in-process, the first page and the next, and the grouped query alone.
import { met, stamp } from './format.mjs';

export const GOAL_P95_MS = 20;

const t = (x) => (x ? `${x.median} / ${x.p95} ms` : 'n/a');

function row(r, backend) {
  const x = r[backend];
  if (!x || x.error) return `| ${backend} | not measured: ${x?.error ?? 'no results'} | | | | |`;
  return `| ${backend} | **${t(x.firstPage)}** | ${t(x.nextPage)} | ${t(x.auth)} | ${x.queryMs ?? 'n/a'} ms | ${x.usesIndex ? 'yes' : 'no'} |`;
}

export function blocks(r) {
  return {
    earnings: [
      stamp(r),
      '',
      '| backend | first page, median / p95 | next page, median / p95 | GET /api/auth (the floor), median / p95 | query alone (EXPLAIN ANALYZE) | by primary key |',
      '|---|---:|---:|---:|---:|---|',
      row(r, 'postgres'),
      row(r, 'pglite'),
    ].join('\n'),
  };
}

export function summary(r) {
  const pg = r.postgres?.firstPage;
  return [
    {
      measure: 'Earnings by month over 10,000 completed bookings, server time p95 (PostgreSQL)',
      goal: `${GOAL_P95_MS} ms`,
      now: pg ? `${pg.p95} ms` : 'n/a',
      met: met(pg ? pg.p95 <= GOAL_P95_MS : undefined),
      anchor: 'earnings-by-month',
    },
  ];
}
