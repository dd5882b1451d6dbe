// The server under load (bench/server.ts): per backend, the data set, each call's throughput and
// latency beside its SQL ceiling, the floor, where a search request's time goes; the goals; and
// the query plans of the hot calls.
import { count, met, num, stamp } from './format.mjs';

const NAMES = { pglite: 'PGlite (embedded, default)', postgres: 'PostgreSQL' };

const loadRow = (x) =>
  `| ${x.name} | ${x.workers ?? 1} | ${num(x.app.rps, 1)} | ${x.app.p50} ms | ${x.app.p99} ms | ${num(x.ceiling.rps, 0)} | ${x.ceiling.p50} ms | ${x.ceiling.p99} ms | ${num(x.ratio * 100, 0)}% | ${x.app.non2xx} |`;

function backend(b) {
  const d = b.data;
  return [
    `**${NAMES[b.backend] ?? b.backend}**: ${count(d.counts.users)} users, ${count(d.counts.listings)} listings, ${count(d.counts.bookings)} bookings, ${count(d.counts.ratings)} ratings (generated in ${num(d.generateMs / 1000, 1)} s); search ${d.search.from} to ${d.search.to} on ${d.search.departure}, ${d.searchHits} results; carrier-orders ${d.carrierOrders} orders.`,
    '',
    '| call | workers | app req/s | app p50 | app p99 | ceiling req/s | ceiling p50 | ceiling p99 | app / ceiling | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...b.results.map(loadRow),
    ...(b.perCore ?? []).map(loadRow),
    '',
    ...(b.floor
      ? [`Floor, a fixed JSON body with no database: ${count(b.floor.rps)} req/s, p99 ${b.floor.p99} ms.`, '']
      : []),
    ...(b.phases?.length
      ? [
          '| where a search request spends its time (one at a time, in-process) | mean | p99 |',
          '|---|---:|---:|',
          ...b.phases.map((p) => `| ${p.name} | ${p.meanUs} µs | ${p.p99Us} µs |`),
          '',
        ]
      : []),
  ];
}

const find = (r, backend) => r.backends?.find((b) => b.backend === backend);
const call = (b, name) => b?.results.find((x) => x.name === name);
const minRatio = (b) => Math.min(...b.results.map((x) => x.ratio));

function goals(r) {
  const pg = find(r, 'postgres');
  const search = call(pg, 'search-listings');
  const best = Math.max(0, ...(pg?.perCore ?? []).map((x) => x.app.rps));
  return [
    'Goals in this run:',
    '',
    `- search p99 at ${r.connections} connections on PostgreSQL: **${search?.app.p99 ?? 'n/a'} ms** (goal 10 ms)${search?.p99Runs ? `, the median of ${search.p99Runs.length} runs, whose app / ceiling p99s were ${search.p99Runs.map((x) => `${x.app} / ${x.ceiling}`).join(', ')} ms` : ''}`,
    `- PostgreSQL with one worker per core: best call **${count(best)} req/s** (goal 2,000)`,
    ...(r.backends ?? []).map(
      (b) =>
        `- ${b.backend}: app / SQL ceiling at least **${num(minRatio(b) * 100, 0)}%** on every call (goal 50%)`,
    ),
    ...(r.errors ?? []).map((e) => `\n> Not measured: ${e}`),
  ];
}

function plans(r) {
  const out = [];
  for (const b of r.backends ?? []) {
    for (const p of b.data.plans) {
      const time = p.plan.match(/Execution Time: ([\d.]+) ms/)?.[1];
      const summary = `${b.backend}, ${p.name}${time ? `: ${time} ms` : ''}`;
      out.push(`<details><summary>${summary}</summary>`, '', '```sql', p.sql, '```', '```', p.plan, '```');
      out.push('</details>', '');
    }
  }
  return out.join('\n').trim();
}

export function blocks(r) {
  return {
    server: [stamp(r), '', ...(r.backends ?? []).flatMap(backend), ...goals(r)].join('\n').trim(),
    'server-plans': plans(r),
  };
}

export function summary(r) {
  const pglite = find(r, 'pglite');
  const pg = find(r, 'postgres');
  const search = call(pg, 'search-listings');
  const rps = (b, name) => num(call(b, name)?.app.rps, 0);
  const best = (pg?.perCore ?? []).reduce((a, x) => (x.app.rps > (a?.app.rps ?? 0) ? x : a), null);
  const ratios = [pglite, pg].filter(Boolean).map(minRatio);
  return [
    {
      measure: 'Search p99 at 10 connections, PostgreSQL',
      goal: '10 ms',
      now: `${search?.app.p99 ?? 'n/a'} ms`,
      met: met(search ? search.app.p99 <= 10 : undefined),
      anchor: 'server-under-load',
    },
    {
      measure: 'Search, one process: req/s on PGlite / PostgreSQL',
      goal: '',
      now: `${rps(pglite, 'search-listings')} / ${rps(pg, 'search-listings')}`,
      met: '',
      anchor: 'server-under-load',
    },
    {
      measure: 'PostgreSQL, one worker per core: best call',
      goal: '2,000 req/s',
      now: best ? `${count(best.app.rps)} req/s (${best.name})` : 'n/a',
      met: met(best ? best.app.rps >= 2000 : undefined),
      anchor: 'server-under-load',
    },
    {
      measure: 'App / SQL ceiling, lowest call: PGlite / PostgreSQL',
      goal: '50%',
      now: ratios.map((x) => `${num(x * 100, 0)}%`).join(' / '),
      met: met(ratios.length ? ratios.every((x) => x >= 0.5) : undefined),
      anchor: 'server-under-load',
    },
  ];
}
