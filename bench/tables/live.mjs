// Live pokes (bench/live.mjs): a write's commit to the other party's screen, idle poke streams'
// memory and CPU, and a message typed offline reaching the other device once the link is back.
import { met, stamp } from './format.mjs';

const SERVERS = [
  ['one process, PGlite', 'pglite', 'offlinePglite'],
  ['two processes, PostgreSQL, behind a round-robin TCP proxy', 'postgres', 'offlinePostgres'],
];

const row = (name, x) =>
  !x || x.error
    ? `| ${name} | not measured: ${x?.error ?? 'no results'} | | | |`
    : `| ${name} | ${x.samples} | ${x.p50} ms | **${x.p95} ms** | ${x.max} ms |`;

/** Messages not on the other screen within 30 s (counted in the table when they came later). */
function missed(name, x) {
  const misses = x?.misses ?? [];
  if (!misses.length) return [];
  const each = misses.map(
    (m) =>
      `run ${m.run} (writer's side ${m.writer}; ${m.laterMs === null ? 'not there after 60 s either' : `there after ${m.laterMs} ms`})`,
  );
  return ['', `${name}: ${misses.length} not on the carrier's screen within 30 s: ${each.join(', ')}.`];
}

function idle(x) {
  if (!x || x.error) return `Not measured: ${x?.error ?? 'no results'}.`;
  return [
    `| ${x.streams} idle streams, one PGlite process | result | goal |`,
    '|---|---:|---:|',
    `| Resident memory added (before → with them open; a stream) | **${x.addedMiB} MiB** (${x.rssBeforeMiB} → ${x.rssAfterMiB} MiB; ${x.perStreamKiB} KiB) | 100 MB |`,
    `| CPU of the server in a ${x.idleWindowS} s window between two heartbeats, the larger of two | **${x.idleCpuMs} ms** (${(x.idleWindowsCpuMs ?? []).join(' and ')} ms) | none |`,
    `| CPU of one heartbeat (every ${x.heartbeatS ?? 25} s) to all ${x.streams} streams, with its garbage collection | ${x.heartbeatCpuMs ?? 'n/a'} ms | |`,
  ].join('\n');
}

export function blocks(r) {
  const load = r.offlineLoad;
  return {
    live: [
      stamp(r),
      '',
      '| server | writes | p50 | p95 | max |',
      '|---|---:|---:|---:|---:|',
      ...SERVERS.map(([name, key]) => row(name, r[key])),
    ].join('\n'),
    'live-idle': idle(r.idle),
    'live-offline': [
      ...(load
        ? [
            `Load average (1 / 5 / 15 min) ${load.before.join(' / ')} before, ${load.after.join(' / ')} after.`,
            '',
          ]
        : []),
      '| server | messages | p50 | p95 | max |',
      '|---|---:|---:|---:|---:|',
      ...SERVERS.map(([name, , key]) => row(name, r[key])),
      ...missed('PGlite', r.offlinePglite),
      ...missed('PostgreSQL', r.offlinePostgres),
    ].join('\n'),
  };
}

const p95 = (x) => (x && !x.error ? `${x.p95} ms` : 'n/a');
const within = (xs, limit) => {
  const ok = xs.filter((x) => x && !x.error);
  return met(ok.length ? ok.every((x) => x.p95 <= limit) : undefined);
};

export function summary(r) {
  const idleStreams = r.idle && !r.idle.error ? r.idle : null;
  return [
    {
      measure: "A write's commit to the other party's screen, p95: one PGlite process / two on PostgreSQL",
      goal: '1 s',
      now: `${p95(r.pglite)} / ${p95(r.postgres)}`,
      met: within([r.pglite, r.postgres], 1000),
      anchor: 'live-pokes',
    },
    {
      measure: '1,000 idle poke streams, one process: memory added / CPU in 15 s between heartbeats',
      goal: '100 MB / none',
      now: idleStreams ? `${idleStreams.addedMiB} MiB / ${idleStreams.idleCpuMs} ms` : 'n/a',
      met: met(idleStreams ? idleStreams.addedMiB <= 100 : undefined),
      anchor: 'live-pokes',
    },
    {
      measure: 'A message typed offline, on the other device once the link is back, p95: PGlite / PostgreSQL',
      goal: '1.5 s',
      now: `${p95(r.offlinePglite)} / ${p95(r.offlinePostgres)}`,
      met: within([r.offlinePglite, r.offlinePostgres], 1500),
      anchor: 'live-pokes',
    },
  ];
}
