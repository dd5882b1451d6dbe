// The team console's pages on PostgreSQL over 100,000 users and 1,000,000 bookings (bench/team-console.ts).
import { count, met, ms, num, stamp } from './format.mjs';

export function blocks(r) {
  return {
    'team-console': [
      stamp(r),
      '',
      `Seeded ${count(r.users)} users and ${count(r.bookings)} bookings in ${num(r.seedMs / 1000)} s; ${r.runs} requests per page.`,
      '',
      '| page (50 rows) | rows | p50 | p95 | goal |',
      '|---|---:|---:|---:|---|',
      ...r.figures.map(
        (f) => `| ${f.page} | ${f.rows} | ${ms(f.p50)} | **${num(f.p95, 1)} ms** | 50 ms p95 |`,
      ),
    ].join('\n'),
  };
}

export function summary(r) {
  return [
    {
      measure: 'Team console page, 100,000 users / 1,000,000 bookings, PostgreSQL, worst p95',
      goal: '50 ms',
      now: `${num(r.worstP95, 1)} ms`,
      met: met(r.met),
      anchor: 'team-console',
    },
  ];
}
