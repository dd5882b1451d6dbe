// Carrier orders with 200 orders (bench/orders.ts): where one call's time goes in-process, then
// GET /api/carrier-orders under load, and the query's plan on PostgreSQL.
import { met, stamp } from './format.mjs';

export const GOAL_MS = { postgres: 10, pglite: 30 };

const msOf = (us) => `${(us / 1000).toFixed(2)} ms`;

function rows(b) {
  return [
    ...b.phases.map(
      (p) =>
        `| ${b.backend} | ${p.name} | ${msOf(p.p50Us)} | ${msOf(p.p99Us)} | ${p.cpuUs === undefined ? 'n/a' : msOf(p.cpuUs)} |`,
    ),
    ...b.loads.map(
      (l) =>
        `| ${b.backend} | HTTP, ${l.connections} connection${l.connections > 1 ? 's' : ''}${l.revalidate ? `, If-None-Match (${l.notModified} answers 304)` : ''}: ${Math.round(l.rps)} req/s (p99 of each run: ${l.p99Runs.join(', ')} ms) | ${l.p50} ms | **${l.p99} ms** | |`,
    ),
  ];
}

export function blocks(r) {
  const pg = r.backends.find((b) => b.backend === 'postgres');
  return {
    orders: [
      stamp(r),
      '',
      `| backend | measure (load: ${r.durationS} s, ${r.runs} runs, the median by p99) | p50 | p99 | CPU per call (this process) |`,
      '|---|---|---:|---:|---:|',
      ...r.backends.flatMap(rows),
      ...(r.errors ?? []).map((e) => `\n> Not measured: ${e}`),
    ].join('\n'),
    'orders-plan': pg?.plan
      ? [
          "<details><summary>The query's plan on PostgreSQL</summary>",
          '',
          '```',
          pg.plan,
          '```',
          '</details>',
        ].join('\n')
      : 'No plan: PostgreSQL was not measured.',
  };
}

export function summary(r) {
  const p99 = (backend) =>
    r.backends.find((b) => b.backend === backend)?.loads.find((l) => l.connections === 10 && !l.revalidate)
      ?.p99;
  const figures = ['postgres', 'pglite'].map(p99);
  return [
    {
      measure: 'Carrier orders (200), 10 connections, p99: PostgreSQL / PGlite',
      goal: '10 / 30 ms',
      now: figures.map((x) => (x === undefined ? 'n/a' : `${x} ms`)).join(' / '),
      met: met(
        figures.some((x) => x !== undefined)
          ? ['postgres', 'pglite'].every((b, i) => figures[i] === undefined || figures[i] <= GOAL_MS[b])
          : undefined,
      ),
      anchor: 'carrier-orders',
    },
  ];
}
