// Renders BENCHMARKS.md from one run's results (bench-results/all.json): machine, every figure
// side by side with its baseline, the query plans, and how to rerun.
import { kb } from './bundle.mjs';

const ms = (x) => (x === null || x === undefined || Number.isNaN(x) ? 'n/a' : `${Math.round(x)} ms`);
const num = (x, d = 0) => (x === null || x === undefined || Number.isNaN(x) ? 'n/a' : Number(x).toFixed(d));
const failed = (part) => (part?.error ? `\n> Not measured in this run: ${part.error}\n` : '');

function bundle(b) {
  const row = (name, s) => `| ${name} | ${s.files.length} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`;
  return [
    '## Bundle',
    '',
    'What index.html loads before the first screen (module scripts, modulepreloads, stylesheets;',
    'lazily imported route chunks are not counted), and everything the service worker precaches.',
    'gzip level 9, brotli quality 11, as scripts/compress.mjs writes them for the server.',
    '',
    '| | files | raw KB | gzip KB | brotli KB |',
    '|---|---:|---:|---:|---:|',
    row('First-screen JS', b.sizes.firstScreenJs),
    row('First-screen CSS', b.sizes.firstScreenCss),
    row('Precache (all entries)', b.sizes.precache),
    ...(b.stackFloorJs ? [row('Stack floor JS (scripts/bench/stack-floor)', b.stackFloorJs)] : []),
    '',
    'The stack floor is a one-route login page built with only the required stack (React 19, TanStack',
    'Router, TanStack Form, valibot), everything in its entry: no first screen can weigh less.',
    '',
    '| Budget (CI: `node scripts/check-size.mjs` after the build) | actual | limit | verdict |',
    '|---|---:|---:|---|',
    ...b.budgets.map(
      (x) => `| ${x.name} | ${x.actualKb.toFixed(1)} KB | ${x.limitKb} KB | ${x.ok ? 'ok' : '**over**'} |`,
    ),
    '',
    `First-screen JS files: ${b.sizes.firstScreenJs.files.map((f) => `\`${f}\``).join(', ')}.`,
  ].join('\n');
}

function startup(br) {
  const c = br.cold ?? {};
  const w = br.warmOffline ?? {};
  const lh = br.lighthouse ?? {};
  return [
    '## Start-up in headless Chromium',
    '',
    `Median of ${c.runs ?? 'n/a'} cold runs (fresh profile each) and ${w.runs ?? 'n/a'} warm offline runs (after one`,
    'visit; context offline; the page comes from the service worker). "Login usable" is the first',
    "frame in which the 'Email Address' input is visible and enabled. Times from navigation start.",
    '',
    '| | first contentful paint | login form usable | all runs (FCP / usable, ms) |',
    '|---|---:|---:|---|',
    `| Cold (network, no cache) | ${ms(c.fcpMs)} | ${ms(c.loginReadyMs)} | ${(c.fcpAll ?? []).join(' ')} / ${(c.loginReadyAll ?? []).join(' ')} |`,
    `| Warm offline (service worker) | ${ms(w.fcpMs)} | ${ms(w.loginReadyMs)} | ${(w.fcpAll ?? []).join(' ')} / ${(w.loginReadyAll ?? []).join(' ')} |`,
    failed(br.cold) + failed(br.warmOffline),
    w.allFromServiceWorker === false ? '> Some warm runs were not controlled by the service worker.\n' : '',
    `Lighthouse ${lh.profile ?? 'mobile'} profile (simulated slow 4G, 4x CPU slowdown), on /: performance **${lh.performance ?? 'n/a'}**;`,
    `FCP ${ms(lh.fcpMs)}, LCP ${ms(lh.lcpMs)}, TBT ${ms(lh.tbtMs)}, CLS ${num(lh.cls, 3)}, Speed Index ${ms(lh.speedIndexMs)}.`,
    failed(br.lighthouse),
  ].join('\n');
}

function store(br, filter) {
  const s = br.store ?? {};
  const m = s.mirror ?? {};
  const r = s.render ?? {};
  const lines = [
    '## Store',
    '',
    `Real Chromium, real IndexedDB, the app's own data layer (scripts/bench/page loads src/data). ${s.bookings ?? 10000} bookings.`,
    '',
    '| | time | vs one bulkPut |',
    '|---|---:|---:|',
    `| refreshMyBookings: parse the answer + mirror, empty table | ${ms(m.refreshMyBookingsMs)} | ${num(m.refreshMyBookingsMs / m.bulkPutMs, 1)}x |`,
    `| replaceMirror alone, empty table | ${ms(m.replaceMirrorMs)} | ${num(m.replaceMirrorMs / m.bulkPutMs, 1)}x |`,
    `| replaceMirror again over the full table (a returning user's refresh) | ${ms(m.replaceMirrorRefreshMs)} | ${num(m.replaceMirrorRefreshMs / m.bulkPutMs, 1)}x |`,
    `| Floor: one Dexie bulkPut of the same rows | ${ms(m.bulkPutMs)} | 1x |`,
    '',
    `First render of My Bookings (/mybookings, rows already in IndexedDB, API unreachable so no refresh`,
    `interferes): first row on screen **${ms(r.firstRowMs)}** after navigation start (median of ${r.runs ?? 'n/a'});`,
    `rows in the DOM: ${r.rowsInDom ?? 'n/a'}.`,
    failed(br.store) + failed(r),
    `Results filter (filterListings, Node, ${filter.results ?? 10000} results, after JIT warm-up):`,
    '',
    '| filter | iterations | kept | median | p99 |',
    '|---|---:|---:|---:|---:|',
    ...(filter.cases ?? []).map(
      (c) => `| ${c.name} | ${c.iterations} | ${c.kept} | ${num(c.medianMs, 3)} ms | ${num(c.p99Ms, 3)} ms |`,
    ),
    failed(filter),
  ];
  return lines.join('\n');
}

function sync(br) {
  const s = br.sync ?? {};
  const per = (s.drainMs - s.directMs) / s.n;
  return [
    '## Sync',
    '',
    `${s.n ?? 1000} add-listing mutations queued through the app's command (addListing), then drained by`,
    "replayOutbox (Web Lock, page's IndexedDB) against the real server on loopback; then the same bodies",
    '(other flight numbers, same Idempotency-Key header) sent with plain sequential fetch from the same page.',
    '',
    '| | total | per entry |',
    '|---|---:|---:|',
    `| Queue (addListing x ${s.n}) | ${ms(s.enqueueMs)} | ${num(s.enqueueMs / s.n, 2)} ms |`,
    `| Drain (replayOutbox): ${s.sent} sent, ${s.failed} failed, ${s.remaining} left | ${ms(s.drainMs)} | ${num(s.drainMs / s.n, 2)} ms |`,
    `| Direct fetch: ${s.directOk} ok | ${ms(s.directMs)} | ${num(s.directMs / s.n, 2)} ms |`,
    `| **Outbox overhead** | ${ms(s.drainMs - s.directMs)} | **${num(per, 2)} ms** |`,
    failed(br.sync),
  ].join('\n');
}

function server(sv) {
  const out = [
    '## Server under load',
    '',
    `autocannon, ${sv.connections} connections, ${sv.durationS} s per line, loopback. The app is \`node --import tsx`,
    'src/server/main.ts` in its own process (as `npm start` runs it, request log on); the ceiling is a bare',
    'node:http server answering one fixed JSON body (scripts/bench/ceiling.mjs), loaded right after it with',
    'the same requests. Ratio = app req/s / ceiling req/s.',
    '',
  ];
  for (const b of sv.backends ?? []) {
    const d = b.data;
    out.push(
      `### ${b.backend === 'pglite' ? 'PGlite (embedded, default)' : 'PostgreSQL'}`,
      '',
      `Data: ${d.counts.users} users, ${d.counts.listings} listings, ${d.counts.bookings} bookings (generate_series, ${num(d.generateMs / 1000, 1)} s incl. migrate and seed).`,
      `Search: ${d.search.from} to ${d.search.to} on ${d.search.departure}, ${d.searchHits} results; carrier-orders: ${d.carrierOrders} orders.`,
      '',
      '| call | app req/s | app p50 | app p99 | ceiling req/s | ceiling p50 | ceiling p99 | ratio | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...b.results.map(
        (r) =>
          `| ${r.name} | ${num(r.app.rps, 1)} | ${r.app.p50} ms | ${r.app.p99} ms | ${num(r.ceiling.rps, 0)} | ${r.ceiling.p50} ms | ${r.ceiling.p99} ms | ${num(r.ratio, 4)} | ${r.app.non2xx} |`,
      ),
      '',
    );
  }
  for (const e of sv.errors ?? []) out.push(`> Not measured in this run: ${e}`, '');
  out.push(failed(sv));
  return out.join('\n');
}

function plans(sv) {
  const out = [
    '## Query plans',
    '',
    "EXPLAIN (ANALYZE, BUFFERS) of the SQL the app's own query functions send (captured through a Drizzle",
    'logger), on the generated data, second run (warm).',
    '',
  ];
  for (const b of sv.backends ?? []) {
    out.push(`### ${b.backend}`, '');
    for (const p of b.data.plans) {
      const time = p.plan.match(/Execution Time: ([\d.]+) ms/)?.[1];
      out.push(
        `<details><summary>${p.name}: ${time ? `${time} ms` : ''}</summary>`,
        '',
        '```sql',
        p.sql,
        '```',
        '```',
        p.plan,
        '```',
        '</details>',
        '',
      );
    }
  }
  return out.join('\n');
}

function summary(r) {
  const br = r.browser ?? {};
  const budgets = r.bundle.budgets;
  const sv = (backend, name) =>
    r.server?.backends?.find((b) => b.backend === backend)?.results.find((x) => x.name === name);
  const load = (backend, name) => {
    const x = sv(backend, name);
    return x
      ? `${num(x.app.rps, 1)} req/s, p50 ${x.app.p50} / p99 ${x.app.p99} ms (ceiling ${num(x.ceiling.rps, 0)} req/s)`
      : 'n/a';
  };
  const plan = (backend, prefix) =>
    r.server?.backends
      ?.find((b) => b.backend === backend)
      ?.data.plans.find((p) => p.name.startsWith(prefix))
      ?.plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? 'n/a';
  const s = br.sync ?? {};
  const m = br.store?.mirror ?? {};
  return [
    '## Summary',
    '',
    '| measure | result |',
    '|---|---|',
    ...budgets.map(
      (b) =>
        `| ${b.name} | ${b.actualKb.toFixed(1)} KB of ${b.limitKb} KB: ${b.ok ? 'ok' : '**over budget**'} |`,
    ),
    `| Cold start: FCP / login usable (median of 10) | ${ms(br.cold?.fcpMs)} / ${ms(br.cold?.loginReadyMs)} |`,
    `| Warm offline start: FCP / login usable (median of 10) | ${ms(br.warmOffline?.fcpMs)} / ${ms(br.warmOffline?.loginReadyMs)} |`,
    `| Lighthouse performance, mobile | ${br.lighthouse?.performance ?? 'n/a'} |`,
    `| Mirror 10,000 bookings (refreshMyBookings) vs one bulkPut | ${ms(m.refreshMyBookingsMs)} vs ${ms(m.bulkPutMs)} |`,
    `| My Bookings first row with 10,000 bookings | ${ms(br.store?.render?.firstRowMs)} (${br.store?.render?.rowsInDom ?? 'n/a'} rows in the DOM) |`,
    `| Filter 10,000 results, two budgets + two weights (median) | ${num(r.filter?.cases?.at(-1)?.medianMs, 3)} ms |`,
    `| Drain 1,000 mutations vs direct fetch | ${ms(s.drainMs)} vs ${ms(s.directMs)}: ${num((s.drainMs - s.directMs) / s.n, 2)} ms overhead per entry |`,
    ...['pglite', 'postgres'].flatMap((b) => [
      `| ${b}: search-listings | ${load(b, 'search-listings')} |`,
      `| ${b}: login | ${load(b, 'login')} |`,
      `| ${b}: carrier-orders | ${load(b, 'carrier-orders')} |`,
      `| ${b}: search query alone (EXPLAIN ANALYZE) | ${plan(b, 'search-listings')} ms |`,
    ]),
  ].join('\n');
}

export function renderReport(r) {
  const m = r.machine;
  return `${[
    '# Benchmarks',
    '',
    `Generated by \`npm run bench\` (scripts/bench.mjs) on ${m.date}, commit ${m.commit}, in ${Math.round(r.totalSeconds)} s.`,
    'Every figure below comes from that one run; baselines sit beside what they bound, measured in the',
    'same run, because these machines are shared and noisy.',
    '',
    `Machine: ${m.nproc} CPUs (${m.cpu}), ${m.memoryGiB} GiB memory, Node ${m.node}, ${m.chromium}, PostgreSQL ${m.postgres}.`,
    '',
    '## How to rerun',
    '',
    '```sh',
    'npm run bench                  # everything, about 5-10 minutes; rewrites this file',
    'npm run build && node scripts/check-size.mjs   # the size budgets alone (what CI runs)',
    '```',
    '',
    'Needs Chromium (CHROME_PATH, default /usr/bin/chromium) and PostgreSQL on 127.0.0.1:5432 as user postgres',
    '(BENCH_PG_URL overrides; a throwaway database carry_bench_<time> is created and dropped). Raw results:',
    'bench-results/*.json. BENCH_LOAD_SECONDS changes the load duration (default 10).',
    '',
    summary(r),
    '',
    FINDINGS,
    '',
    bundle(r.bundle),
    '',
    startup(r.browser),
    '',
    store(r.browser, r.filter),
    '',
    sync(r.browser),
    '',
    server(r.server),
    '',
    plans(r.server),
  ].join('\n')}\n`;
}

// What the numbers showed, written after reading them: the finding, where, and what was done.
const FINDINGS = `## What was slow, and what was done

The first full run (commit 62bb6af) found these; each fix landed in its own commit and the figures
above are measured after them.

1. **Search summed every booking in the database on each call** (135 ms of the query on PGlite, 64 ms
   on PostgreSQL, with 200,000 bookings): a Seq Scan and HashAggregate over all space-holding bookings
   before the join kept the ~35 listings of the route. Now a LATERAL sum per matched listing
   (src/server/routes/listings/listings.queries.ts \`heldPerListing\`), served index-only by the partial
   index \`bookings_held_idx (listing_id, weight_grams) WHERE status IN (...)\` (migration 0001). My
   Listings had the same shape and got the same fix.
2. **Successful logins pruned expired login attempts with a full scan**: \`login_attempts_at_idx\` (at)
   makes it touch only the expired rows.
3. **The mirror wrote row by row** (src/data/mirror.ts): a read and a write per server row. Now one read
   of the keys, one bulkDelete and one bulkPut in the same transaction.
4. **The replayer re-read and re-sorted the whole outbox for every entry** (O(n^2); 21.5 ms overhead per
   entry at 1,000). Now the next entry comes straight off a \`[user+state+createdAt]\` index (Dexie
   version 3), read fresh before each send so a retry or discard mid-pass keeps its meaning.
5. **My Bookings put all 10,000 rows in the DOM and re-sorted on every render.** Sorting and filtering
   are memoised, rows are memo components, and long lists (My Bookings, Order History, search results)
   show 50 rows at a time behind 'Show more (N left)'.
6. **\`bookListing\` scanned every stored search result** to find one: an \`id\` index on searchResults.
7. **First-screen JS was 162.7 KB gzip, over its 110 KB budget**: the entry carried the data layer
   (Dexie, ky, the outbox replayer), dexie-react-hooks, workbox-window and the header and sync line.
   These now load once the login screen is up, or before any screen behind it, so index.html's JS is
   107.9 KB gzip, within the budget and at the stack floor (React 19, TanStack Router, TanStack Form
   and valibot in a one-route login page: about 108 KB, Bundle table). Counting the login route's
   lazy chunks (its form, TanStack Form, valibot), Chromium fetches about 130 KB gzip before the form
   is usable (180 KB before).
8. **Login is bound by scrypt** (N=16384), by design: the login rows of the Server table are CPU time
   per hash on a 2-core machine.`;
