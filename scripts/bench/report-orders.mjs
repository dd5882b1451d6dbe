// Sections of BENCHMARKS.md for `node scripts/bench.mjs --only orders` and `--only drain`.
const ms = (x) => (x === null || x === undefined || Number.isNaN(x) ? 'n/a' : `${Math.round(x)} ms`);
const load = (r) =>
  `load average (1 min) ${r.loadBefore?.toFixed(1)} before, ${r.loadAfter?.toFixed(1)} after`;

export function orders(r) {
  if (!r || r.error) return `## Carrier orders\n\nNot measured: ${r?.error ?? 'no results'}.`;
  const lines = [
    '## Carrier orders',
    '',
    `Measured ${r.date} by \`node scripts/bench.mjs --only orders\` (scripts/bench/orders.ts), ${load(r)}.`,
    'The server bench data set (1,000 users, 100,000 listings, 200,000 bookings, 80,000 ratings); the',
    'carrier has 200 orders. In-process: one call at a time. Under load: GET /api/carrier-orders on the real server',
    `(\`node --import tsx src/server/main.ts\`), autocannon for ${r.durationS} s, ${r.runs} runs, the run with the median p99`,
    "(each run's p99 beside it). Goal: p99 10 ms on PostgreSQL, 30 ms on PGlite.",
    '',
    '| backend | measure | p50 | p99 | CPU per call (this process) |',
    '|---|---|---:|---:|---:|',
  ];
  for (const b of r.backends) {
    for (const p of b.phases)
      lines.push(
        `| ${b.backend} | ${p.name} | ${(p.p50Us / 1000).toFixed(2)} ms | ${(p.p99Us / 1000).toFixed(2)} ms | ${p.cpuUs === undefined ? 'n/a' : `${(p.cpuUs / 1000).toFixed(2)} ms`} |`,
      );
    for (const l of b.loads)
      lines.push(
        `| ${b.backend} | HTTP, ${l.connections} connection${l.connections > 1 ? 's' : ''}: ${Math.round(l.rps)} req/s (p99 of each run: ${l.p99Runs.join(', ')} ms) | ${l.p50} ms | **${l.p99} ms** | |`,
      );
  }
  for (const e of r.errors ?? []) lines.push('', `> Not measured: ${e}`);
  lines.push(
    '',
    'Before this round (commit c711f2c), measured the same way in-process on the same data minutes apart',
    '(load average 13-15): ordersOf took 27.1 ms of CPU a call on PGlite (16.2 ms after) and 7.1 ms of the',
    "Node process's CPU on PostgreSQL (4.2 ms after); its plan hashed all of rating_totals (a Seq Scan of",
    "every rated user, growing with each) and read every column of bookings and listings. Now the other side's",
    'totals are a LATERAL ... LIMIT 1 probe of rating_totals_pkey per order, the statement is prepared once',
    'per connection (src/server/db/prepared.ts), and it reads only the columns an order shows. The goals (p99',
    '10 ms on PostgreSQL, 30 ms on PGlite) are not met on this machine: under ten connections a 131 KB answer',
    'of 200 orders queues behind the others on two cores shared with autocannon, the database and other work.',
  );
  const pg = r.backends.find((b) => b.backend === 'postgres');
  if (pg?.plan)
    lines.push(
      '',
      "<details><summary>The query's plan on PostgreSQL</summary>",
      '',
      '```',
      pg.plan,
      '```',
      '</details>',
    );
  return lines.join('\n');
}

/** One drain's rows: the whole drain (each run's time beside it) and its waits on the server. */
function drainRows(label, m, runs) {
  if (!m) return [`| ${label} | not measured |`];
  return [
    `| ${label}: ${m.sent} applied, ${m.failed} refused, ${m.remaining} left (runs: ${runs.map((x) => Math.round(x.drainMs)).join(', ')} ms) | **${ms(m.drainMs)}** |`,
    `| of which waiting on ${m.pushes} pushes / the pull / the page's own work | ${ms(m.pushMs)} / ${ms(m.pullMs)} / ${ms(m.drainMs - m.pushMs - m.pullMs)} |`,
  ];
}

const pushRow = (label, p) =>
  p && !p.error
    ? `| ${label} | ${ms(p.medianMs)} (CPU ${ms(p.cpuMs)}) |`
    : `| ${label} | not measured${p?.error ? `: ${p.error}` : ''} |`;

export function drain(r) {
  if (!r || r.error) return `## Drain of 1,000 queued changes\n\nNot measured: ${r?.error ?? 'no results'}.`;
  const refusalRuns = r.runs.map((x) => x.refusals).filter((x) => x && !x.error);
  return [
    '## Drain of 1,000 queued changes',
    '',
    `Measured ${r.date} by \`node scripts/bench.mjs --only drain\` (scripts/bench/drain.mjs), ${load(r)}.`,
    "1,000 add-listing changes queued in Chromium (the app's command, IndexedDB) and drained by the replayer",
    '(batches of 250, then the pull) against the real server on loopback (PGlite), median of 3 runs. Goal: 1 s.',
    "Applied: the server's open-listings quota raised (`OPEN_LISTINGS_PER_CARRIER`), so every change applies",
    'and the drain measures the replayer and the push pipeline doing their work. Over the quota: the default',
    'quota (20 a carrier), so 980 of them are refused (listing/quota-reached), what an over-quota queue costs.',
    '',
    '| | result |',
    '|---|---:|',
    ...drainRows('Drain, applied', r.median, r.runs),
    ...drainRows('Drain, over the quota', r.refusalsMedian, refusalRuns),
    pushRow("The server's push alone, applied, in-process (scripts/bench/push.ts, median of 3)", r.push),
    pushRow("The server's push alone, over the quota", r.pushRefusals),
    ...(r.history ?? DRAIN_HISTORY),
  ]
    .filter((l) => l !== null)
    .join('\n');
}

/** What earlier rounds measured and changed, kept under the table. */
const DRAIN_HISTORY = [
  '',
  'Before this round (commit fc65582, this bench, load average 5.7 before and 14.4 after, runs at 12-14):',
  'applied, drain 6,568 ms (runs 4,904, 6,568, 10,346), of which 5,054 ms waiting on the pushes and 324 ms',
  "on the pull; over the quota, 6,682 ms (runs 9,871, 6,682, 6,391), 1,944 ms and 215 ms. The server's push",
  'alone: applied 4,619 ms wall, 1,495 ms CPU; over the quota 1,680 ms wall, 645 ms CPU (median of 3). What',
  'changed: the push applies a run of add-listings in one INSERT, every refusal (arguments, email, airports,',
  "quota, a flight already listed: all read once under the user's lock) decided before it writes, so no",
  'savepoints and, over the quota, no second pass of the batch (src/server/mutators/add-listing.ts',
  '`addListings`); the replayer settles an answer at once, refusals in one bulkPut and one query per row',
  "table, applied listings in one bulkGet and one bulkPut (src/data/outcomes.ts `applyResults`); the pull's",
  'rebase applies a run of new listings in one bulkPut (src/data/outbox.ts). Each run starts its own server,',
  "and its first push is the slowest of the four (bench-results/drain.json has every request's times): the",
  "reference data loaded and the push path's code compiled on the way, which a running server has done.",
  '',
  'Before the quota round (commit c711f2c, the same queue, one run at load average 18-25): drain 26,902 ms, of',
  "which 19,389 ms waiting on the pushes; the server's push alone in-process 17,653 ms wall and 4,681 ms",
  'CPU (median of 3, load 15), against 5,966 ms and 1,903 ms after (load 14). Per refused add-listing the',
  'push sent four statements (its savepoint, the lock on the user row, the read of their listings, the',
  'rollback); the batch now takes the lock once and reads the listings once under it, counting its own',
  'inserts (src/server/mutators/quotas.ts `UserLock`), so a refusal costs its savepoint and rollback only.',
];
