// One account pushing as fast as it can (bench/abuse/push-flood.ts): another user's GET
// /api/orders idle (the baseline) and under the flood, and the database's growth per hour.
import { count, met, stamp } from './format.mjs';

const ms = (x) => (x === null || x === undefined ? 'n/a' : `${x} ms`);

export function blocks(r) {
  const rows = r.backends.map(
    (b) =>
      `| ${b.backend} | ${ms(b.idle.p50)} / ${ms(b.idle.p95)} | ${ms(b.loaded.p50)} / **${ms(b.loaded.p95)}** | ${b.ratio}x | ${count(b.flooder.applied)} (${count(b.flooder.perMinute)} a minute), ${count(b.flooder.refused429)} pushes 429${b.flooder.busy503 ? `, ${count(b.flooder.busy503)} 503 busy` : ''} | ${b.growth.bytesPerAnswer ?? 'n/a'} B: ${b.growth.perHourMB} MB / **${b.growth.keptMB ?? 'n/a'} MB** |`,
  );
  return {
    'push-flood': [
      stamp(r),
      '',
      `| backend | GET /api/orders idle: p50 / p95 | while ${r.backends[0]?.pushers ?? 4} pushes of 1,000 run back to back | loaded / idle p95 (goal 3x) | flooder's mutations applied | growth per answer: an hour of the budget / kept at most (bound ${r.boundMB} MB) |`,
      '|---|---:|---:|---:|---|---:|',
      ...rows,
      ...(r.errors?.length ? ['', `> Not measured: ${r.errors.join('; ')}`] : []),
    ].join('\n'),
  };
}

export function summary(r) {
  const by = Object.fromEntries(r.backends.map((b) => [b.backend, b]));
  const all = r.backends.length > 0;
  return [
    {
      measure:
        "Another user's GET /api/orders p95 while one account pushes flat out: PGlite / PostgreSQL (idle)",
      goal: '3x idle',
      now: ['pglite', 'postgres']
        .map((k) => (by[k] ? `${ms(by[k].loaded.p95)} (${ms(by[k].idle.p95)})` : 'n/a'))
        .join(' / '),
      met: met(all && r.backends.every((b) => b.ratio <= 3)),
      anchor: 'abuse-one-account-pushing-flat-out',
    },
    {
      measure: 'Database kept at most for one account pushing flat out, however long: PGlite / PostgreSQL',
      goal: `${r.boundMB} MB`,
      now: ['pglite', 'postgres'].map((k) => (by[k] ? `${by[k].growth.keptMB} MB` : 'n/a')).join(' / '),
      met: met(all && r.backends.every((b) => b.growth.keptMB <= r.boundMB)),
      anchor: 'abuse-one-account-pushing-flat-out',
    },
  ];
}
