// Withdraw -> gone from another user's search and a watcher's mirror (bench/withdraw.ts).
import { failed, met, stamp } from './format.mjs';

export const GOAL_MS = 1000;

const t = (x) => (x ? `${x.p50} / ${x.p95} / ${x.max} ms` : 'n/a');

function row(r, backend) {
  const x = r[backend];
  if (!x || x.error) return `| ${backend} | not measured: ${x?.error ?? 'no results'} | |`;
  return `| ${backend} | ${t(x.search)} | ${t(x.mirror)} |`;
}

export function blocks(r) {
  return {
    withdraw: [
      stamp(r),
      failed(r.pglite),
      `${r.samples} withdrawals per backend. Median / p95 / max, from the withdraw request to the first answer without the listing:`,
      '',
      "| backend | another user's search | watcher's diff pull (`watched`) |",
      '|---|---:|---:|',
      row(r, 'pglite'),
      row(r, 'postgres'),
    ].join('\n'),
  };
}

export function summary(r) {
  const worst = (b) => (r[b]?.search ? Math.max(r[b].search.p95, r[b].mirror.p95) : undefined);
  const shown = (b) => (worst(b) === undefined ? 'n/a' : `${worst(b)} ms`);
  const ok = ['pglite', 'postgres'].filter((b) => worst(b) !== undefined);
  return [
    {
      measure: 'Withdraw -> gone from search and watched mirror, p95: PGlite / PostgreSQL',
      goal: '1 s',
      now: `${shown('pglite')} / ${shown('postgres')}`,
      met: met(ok.length ? ok.every((b) => worst(b) <= GOAL_MS) : undefined),
      anchor: 'withdraw',
    },
  ];
}
