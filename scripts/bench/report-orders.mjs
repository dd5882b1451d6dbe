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
        `| ${b.backend} | HTTP, ${l.connections} connection${l.connections > 1 ? 's' : ''}${l.revalidate ? `, If-None-Match (${l.notModified} answers 304)` : ''}: ${Math.round(l.rps)} req/s (p99 of each run: ${l.p99Runs.join(', ')} ms) | ${l.p50} ms | **${l.p99} ms** | |`,
      );
  }
  for (const e of r.errors ?? []) lines.push('', `> Not measured: ${e}`);
  lines.push(
    '',
    'Since issue 19 a call after no change reads nothing but the change log: the answer is kept serialised per',
    'user in the server process and checked with one call of sync_collection_state (migration 0023: any of the',
    "user's `orders` entries above the version the answer was read at, or written by a transaction running",
    'then?), the row in the table above marked "change-log probe"; a client sending the ETag back gets 304 with',
    'no body (the "If-None-Match" row). Only a change an order shows makes the next call read and serialise',
    'the list again (src/server/http/answer-cache.ts). The same holds for GET /api/orders and /api/listings/{email}.',
    '',
    'Before it (commit 5a32464), on the same data minutes apart, load average 17-20 throughout: on PGlite one',
    'connection 9 req/s, p50 86 ms, p99 439 ms; ten 18 req/s, p50 448 ms, p99 2,704 ms. On PostgreSQL one',
    'connection 39 req/s, p50 21 ms, p99 95 ms; ten 53 req/s, p50 152 ms, p99 609 ms. A second run after it on',
    'PGlite, two minutes from the one before (load 19): one connection 90 req/s, p50 9 ms, p99 51 ms; ten',
    "677 req/s, p50 11 ms, p99 62 ms. In-process, a call with nothing changed costs the probe's CPU instead of",
    "ordersOf's and the JSON's: on PGlite about 1.2-1.5 ms against 10-11.5 ms; on PostgreSQL 0.5 ms of the",
    "Node process's against 1.7-2.3 ms. Runs minutes apart differ up to tenfold at this load (PGlite, ten",
    'connections: 71 and 677 req/s). The p99 goals (10 ms on PostgreSQL, 30 ms on PGlite) are not shown met',
    'here: at load average 17-20 on two shared cores the slowest calls wait for a core.',
    '',
    'The round before (commit c711f2c) made the query itself cheaper: a LATERAL ... LIMIT 1 probe of',
    'rating_totals_pkey per order instead of hashing all of rating_totals, a statement prepared once per',
    'connection (src/server/db/prepared.ts), and only the columns an order shows.',
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
    '(batches of up to 1,000 mutations or 768 KB, then the pull) against the real server on loopback (PGlite), median of 3 runs. Goal: 1 s.',
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
  "table, applied listings in one bulkGet and one bulkPut (src/data/engine/outcomes.ts `applyResults`); the pull's",
  'rebase applies a run of new listings in one bulkPut (src/data/engine/outbox.ts). Each run starts its own server,',
  "and its first push is the slowest of the four (bench-results/drain.json has every request's times): the",
  "reference data loaded and the push path's code compiled on the way, which a running server has done.",
  '',
  'Before the quota round (commit c711f2c, the same queue, one run at load average 18-25): drain 26,902 ms, of',
  "which 19,389 ms waiting on the pushes; the server's push alone in-process 17,653 ms wall and 4,681 ms",
  'CPU (median of 3, load 15), against 5,966 ms and 1,903 ms after (load 14). Per refused add-listing the',
  'push sent four statements (its savepoint, the lock on the user row, the read of their listings, the',
  'rollback); the batch now takes the lock once and reads the listings once under it, counting its own',
  'inserts (src/server/model/quotas.checks.ts `UserLock`), so a refusal costs its savepoint and rollback only.',
];
