// A diff pull's server time after one change, for a user whose pull holds 10,000 rows
// (bench/diff-pull.ts), beside a pull with nothing changed, the whole snapshot and GET /api/auth.
import { met, stamp } from './format.mjs';

export const GOAL_MS = { postgres: 5, pglite: 15 };

const t = (x) =>
  x ? `${x.median} / ${x.p95} ms${x.cpuMs !== undefined ? ` (CPU ${x.cpuMs} ms)` : ''}` : 'n/a';

function row(r, backend) {
  const x = r[backend];
  if (!x || x.error) return `| ${backend} | not measured: ${x?.error ?? 'no results'} | | | | |`;
  return `| ${backend} | **${t(x.diff)}** (goal ${GOAL_MS[backend]} ms; ${x.diff.bytes} B) | ${t(x.unchanged)} | ${t(x.snapshot)} (${(x.snapshot.bytes / 1024).toFixed(0)} KB) | ${t(x.auth)} | ${x.queriesMs?.changesSince ?? 'n/a'} ms |`;
}

export function blocks(r) {
  return {
    'diff-pull': [
      stamp(r),
      '',
      '| backend | diff after one change | nothing changed | whole snapshot | GET /api/auth | change-log query (EXPLAIN ANALYZE) |',
      '|---|---:|---:|---:|---:|---:|',
      row(r, 'postgres'),
      row(r, 'pglite'),
    ].join('\n'),
  };
}

export function summary(r) {
  const median = (b) => (r[b]?.diff ? `${r[b].diff.median} ms` : 'n/a');
  const ok = ['postgres', 'pglite'].filter((b) => r[b]?.diff);
  return [
    {
      measure: 'Diff pull after one change, 10,000 rows, server time median: PostgreSQL / PGlite',
      goal: '5 / 15 ms',
      now: `${median('postgres')} / ${median('pglite')}`,
      met: met(ok.length ? ok.every((b) => r[b].diff.median <= GOAL_MS[b]) : undefined),
      anchor: 'diff-pull',
    },
  ];
}
