// Renders BENCHMARKS.md from one run's results (bench/results/all.json): machine, every figure
// side by side with its baseline, the query plans, and how to rerun.
import { kb } from '../scripts/bundle-size.mjs';

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
    ...(b.stackFloorJs ? [row('Stack floor JS (bench/stack-floor)', b.stackFloorJs)] : []),
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

/** The 5,000-message thread (browser.mjs `thread`): open, deep link, scrolling. */
function threadLines(t) {
  if (!t) return '';
  const sc = t.scroll ?? {};
  return [
    '',
    `A thread of ${t.messages ?? 5000} messages from the local store (API unreachable), 390 px wide: from the click`,
    `on Message (My Bookings -> View Details) to the newest message painted **${ms(t.openMs)}** (median of ${t.runs ?? 'n/a'}; goal`,
    `200 ms); a deep link, from navigation start, ${ms(t.deepLinkMs)}; ${t.rowsInDom ?? 'n/a'} messages in the DOM. Scrolling to the`,
    `oldest with the mouse wheel (${sc.steps ?? 'n/a'} steps of 400 px): ${sc.over50 ?? 'n/a'} long tasks over 50 ms (longest ${ms(sc.maxMs)}; goal none).`,
    t.openCpuMs === undefined
      ? ''
      : `Main-thread CPU (a trace's thread time, which the load stretches far less than the clock): the open ${ms(t.openCpuMs)} (largest task ${ms(t.openMaxTaskCpuMs)});
scrolling, ${sc.cpu?.cpuOver50 ?? 'n/a'} tasks over 50 ms of CPU (largest ${ms(sc.cpu?.maxCpuMs)}) of ${sc.cpu?.count ?? 'n/a'}. Load average ${t.loadavg?.before?.join(' / ') ?? 'n/a'} before, ${t.loadavg?.after?.join(' / ') ?? 'n/a'} after.`,
    failed(t),
    '',
  ].join('\n');
}

function store(br, filter) {
  const s = br.store ?? {};
  const m = s.mirror ?? {};
  const r = s.render ?? {};
  const lines = [
    '## Store',
    '',
    `Real Chromium, real IndexedDB, the app's own data layer (bench/page loads src/data). ${s.bookings ?? 10000} bookings.`,
    '',
    '| | time | vs one bulkPut |',
    '|---|---:|---:|',
    `| pull: one pull (parse the answer + apply in one transaction), empty table | ${ms(m.pullBookingsMs)} | ${num(m.pullBookingsMs / m.bulkPutMs, 1)}x |`,
    `| applyPull alone, empty table | ${ms(m.replaceMirrorMs)} | ${num(m.replaceMirrorMs / m.bulkPutMs, 1)}x |`,
    `| applyPull again over the full table (a returning user's pull) | ${ms(m.replaceMirrorRefreshMs)} | ${num(m.replaceMirrorRefreshMs / m.bulkPutMs, 1)}x |`,
    `| Floor: one Dexie bulkPut of the same rows | ${ms(m.bulkPutMs)} | 1x |`,
    '',
    `A later pull after one booking changed: the patch (only that row) is ${Number.isFinite(m.patchBytes) ? `${(m.patchBytes / 1024).toFixed(1)} KB` : 'n/a'} of JSON`,
    `against ${Number.isFinite(m.fullBytes) ? `${(m.fullBytes / 1024).toFixed(0)} KB` : 'n/a'} for the whole snapshot, and applies in ${ms(m.patchOneMs)} over the full table.`,
    '',
    `First render of My Bookings (/mybookings, rows already in IndexedDB, API unreachable so no refresh`,
    `interferes): first row on screen **${ms(r.firstRowMs)}** after navigation start (median of ${r.runs ?? 'n/a'});`,
    `rows in the DOM: ${r.rowsInDom ?? 'n/a'}.`,
    failed(br.store) + failed(r),
    threadLines(br.thread),
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

function sync(br, link = {}) {
  const s = br.sync ?? {};
  const lat = link.latency ?? {};
  const idle = link.idle ?? {};
  const photo = link.photo ?? {};
  const kb = (b) => (Number.isFinite(b) ? `${(b / 1024).toFixed(0)} KB` : 'n/a');
  return [
    '## Sync',
    '',
    `${s.n ?? 1000} add-listing mutations queued through the app's command (addListing), then pushed in`,
    "batches (POST /api/sync/push, Web Lock, the page's IndexedDB) against the real server on loopback,",
    'with the pull that follows; then the same bodies sent one request each with plain sequential fetch.',
    '',
    '| | total | per entry |',
    '|---|---:|---:|',
    `| Queue (addListing x ${s.n}) | ${ms(s.enqueueMs)} | ${num(s.enqueueMs / s.n, 2)} ms |`,
    `| Drain (replayOutbox): ${s.sent} sent, ${s.failed} failed, ${s.remaining} left | ${ms(s.drainMs)} | ${num(s.drainMs / s.n, 2)} ms |`,
    `| of which waiting on ${s.pushes ?? 'n/a'} pushes / the pull | ${ms(s.pushMs)} / ${ms(s.pullMs)} | |`,
    `| Direct fetch, one request per change: ${s.directOk} ok | ${ms(s.directMs)} | ${num(s.directMs / s.n, 2)} ms |`,
    failed(br.sync),
    '',
    `On an airport link (bench/sync-link.ts: the tests/support/slow-link.ts proxy, ${link.latencyMs ?? 300} ms one way,`,
    `${kb(link.upBytesPerSec)}/s up for the photo), in Chromium against the real server:`,
    '',
    '| | result | goal |',
    '|---|---:|---:|',
    `| Drain ${lat.n ?? 15} mutations (batched push + pull) | ${ms(lat.drainMs)} | 3000 ms |`,
    `| The same ${lat.n ?? 15} as one request each | ${ms(lat.directMs)} | |`,
    `| ${num((idle.ms ?? 30000) / 1000, 0)} s with the link gone, 2 changes waiting: requests tried (page) / connections (proxy) | ${idle.requests ?? 'n/a'} / ${idle.connectionsTried ?? 'n/a'} | 10 |`,
    `| Phone photo ${kb(photo.originalBytes)} downscaled to ${kb(photo.sentBytes)} (${photo.width ?? '?'} x ${photo.height ?? '?'}) in | ${ms(photo.prepareMs)} | |`,
    `| Courier request with that photo applied, from the loop's start | ${ms(photo.courierMs)} | 60000 ms |`,
    `| A change queued behind the photo applied | ${ms(photo.laterMs)} | not held |`,
    failed(link.latency) || failed(link.idle) || failed(link.photo),
  ].join('\n');
}

function loadRow(r) {
  return `| ${r.name} | ${r.workers ?? 1} | ${num(r.app.rps, 1)} | ${r.app.p50} ms | ${r.app.p99} ms | ${num(r.ceiling.rps, 0)} | ${r.ceiling.p50} ms | ${r.ceiling.p99} ms | ${num(r.ratio * 100, 0)}% | ${r.app.non2xx} |`;
}

function server(sv) {
  const out = [
    '## Server under load',
    '',
    `autocannon, ${sv.connections} connections, ${sv.durationS} s per line, loopback, on the same ${sv.cores ?? ''} cores`,
    'as the server and the database. The app is `node --import tsx src/server/main.ts` in its own process',
    '(as `npm start` runs it, request log on). The ceiling (bench/ceiling.ts) runs the same query',
    'functions, so the same SQL through the same driver and pool, in a bare node:http handler (no Hono, no',
    'middleware, no validation, no log), loaded right after the app with the same requests. Ratio = app',
    'req/s / ceiling req/s. Workers: processes sharing the port (WORKERS, node:cluster), for both.',
    '',
  ];
  for (const b of sv.backends ?? []) {
    const d = b.data;
    out.push(
      `### ${b.backend === 'pglite' ? 'PGlite (embedded, default)' : 'PostgreSQL'}`,
      '',
      `Data: ${d.counts.users} users, ${d.counts.listings} listings, ${d.counts.bookings} bookings, ${d.counts.ratings ?? 'no'} ratings (every completed booking rated both ways; search results and orders carry the other side's average) (generate_series, ${num(d.generateMs / 1000, 1)} s incl. migrate and seed).`,
      `Search: ${d.search.from} to ${d.search.to} on ${d.search.departure}, ${d.searchHits} results; carrier-orders: ${d.carrierOrders} orders.`,
      '',
      '| call | workers | app req/s | app p50 | app p99 | ceiling req/s | ceiling p50 | ceiling p99 | app / ceiling | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...b.results.map(loadRow),
      ...(b.perCore ?? []).map(loadRow),
      '',
    );
    if (b.floor)
      out.push(
        `Floor: the bare handler answering a fixed JSON body with no database: ${num(b.floor.rps, 0)} req/s, p99 ${b.floor.p99} ms.`,
        '',
      );
    if (b.phases?.length)
      out.push(
        '**Where a search request spends its time**, measured one request at a time in-process (no load,',
        'no socket; bench/server-phases.ts), mean and p99 of each part on its own:',
        '',
        '| part | mean | p99 |',
        '|---|---:|---:|',
        ...b.phases.map((p) => `| ${p.name} | ${p.meanUs} µs | ${p.p99Us} µs |`),
        '',
      );
  }
  const pg = (sv.backends ?? []).find((b) => b.backend === 'postgres');
  const search = pg?.results.find((r) => r.name === 'search-listings');
  const best = Math.max(0, ...(pg?.perCore ?? []).map((r) => r.app.rps));
  if (pg)
    out.push(
      '**Goals**, in this run:',
      '',
      `- search p99 at ${sv.connections} connections on PostgreSQL: ${search?.app.p99 ?? 'n/a'} ms (goal 10 ms; p50 ${search?.app.p50 ?? 'n/a'} ms)${search?.p99Runs ? `: the median of ${search.p99Runs.length} runs, whose app / ceiling p99s were ${search.p99Runs.map((x) => `${x.app} / ${x.ceiling}`).join(', ')} ms` : ''}`,
      `- PostgreSQL with one worker per core: best call ${num(best, 0)} req/s (goal 2,000)`,
      ...(sv.backends ?? []).map(
        (b) =>
          `- ${b.backend}: app / SQL ceiling at least ${num(Math.min(...b.results.map((r) => r.ratio)) * 100, 0)}% on every call (goal 50%)`,
      ),
      '',
    );
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
    `| Pull and apply 10,000 bookings (pull; goal 1 s) vs one bulkPut | ${ms(m.pullBookingsMs)} vs ${ms(m.bulkPutMs)} |`,
    `| A later pull after one change: patch vs whole snapshot | ${Number.isFinite(m.patchBytes) ? `${(m.patchBytes / 1024).toFixed(1)} KB` : 'n/a'} vs ${Number.isFinite(m.fullBytes) ? `${(m.fullBytes / 1024).toFixed(0)} KB` : 'n/a'}, applied in ${ms(m.patchOneMs)} |`,
    `| My Bookings first row with 10,000 bookings | ${ms(br.store?.render?.firstRowMs)} (${br.store?.render?.rowsInDom ?? 'n/a'} rows in the DOM) |`,
    `| Thread of 5,000 messages: open to newest painted (goal 200 ms) / long tasks over 50 ms scrolling (goal 0): wall clock; main-thread CPU | ${ms(br.thread?.openMs)} / ${br.thread?.scroll?.over50 ?? 'n/a'}; ${ms(br.thread?.openCpuMs)} / ${br.thread?.scroll?.cpu?.cpuOver50 ?? 'n/a'} |`,
    `| Filter 10,000 results, two budgets + two weights (median) | ${num(r.filter?.cases?.at(-1)?.medianMs, 3)} ms |`,
    `| Drain 1,000 mutations (batched push; goal 2 s) vs one request each | ${ms(s.drainMs)} vs ${ms(s.directMs)} |`,
    `| Drain 15 mutations at 300 ms one way (goal 3 s) | ${ms(r.syncLink?.latency?.drainMs)} |`,
    `| 30 s with the link gone, 2 changes waiting: requests (goal 10) | ${r.syncLink?.idle?.requests ?? 'n/a'} |`,
    `| Phone photo at 40 KB/s up (goal 60 s): request applied / change behind it applied | ${ms(r.syncLink?.photo?.courierMs)} / ${ms(r.syncLink?.photo?.laterMs)} |`,
    ...['pglite', 'postgres'].flatMap((b) => [
      `| ${b}: auth | ${load(b, 'auth')} |`,
      `| ${b}: search-listings${b === 'postgres' ? ' (goal p99 10 ms)' : ''} | ${load(b, 'search-listings')} |`,
      `| ${b}: login | ${load(b, 'login')} |`,
      `| ${b}: carrier-orders | ${load(b, 'carrier-orders')} |`,
      `| ${b}: search query alone (EXPLAIN ANALYZE) | ${plan(b, 'search-listings')} ms |`,
    ]),
    `| postgres: post a message (goal 1,000 req/s, p99 15 ms) | ${r.messages?.postMessage ? `${num(r.messages.postMessage.rps, 0)} req/s, p50 ${r.messages.postMessage.p50} / p99 ${r.messages.postMessage.p99} ms` : 'n/a'} |`,
    `| Small requests under 3 photo uploads + 4 downloads on PGlite: /api/auth p95 (goal 50 ms) | ${ms(r.filesLoad?.loaded?.auth?.p95)} (alone ${ms(r.filesLoad?.idle?.auth?.p95)}) |`,
    ...['postgres', 'pglite'].map(
      (b) =>
        `| Diff pull after one change, user with 10,000 rows, server time, ${b} (goal ${DIFF_GOAL_MS[b]} ms) | ${r.diffPull?.[b]?.diff ? `median ${r.diffPull[b].diff.median} / p95 ${r.diffPull[b].diff.p95} ms (GET /api/auth ${r.diffPull[b].auth.median} ms)` : 'n/a'} |`,
    ),
    ...(r.server?.backends?.find((b) => b.backend === 'postgres')?.perCore ?? []).map(
      (x) =>
        `| postgres, ${x.workers} workers: ${x.name} (goal 2,000 req/s) | ${num(x.app.rps, 1)} req/s, p50 ${x.app.p50} / p99 ${x.app.p99} ms (ceiling ${num(x.ceiling.rps, 0)} req/s) |`,
    ),
    watchedRow(r.watched),
    offlineMessageRow(r.live),
  ].join('\n');
}

/** The summary's row for a message typed offline (live.mjs offline sections). */
export function offlineMessageRow(lv) {
  const p95 = (x) => (x && !x.error ? `${x.p95} ms` : 'not measured');
  return `| Message typed offline, on the other device after the link is back, p95 (goal 1.5 s): one PGlite process / two on PostgreSQL | ${p95(lv?.offlinePglite)} / ${p95(lv?.offlinePostgres)} |`;
}

/** The summary's row for a watched route searched offline (bench/watched.mjs). */
export function watchedRow(w) {
  const x = w?.pglite;
  const value = x?.formSearch
    ? `${x.formSearch.p50} ms (p95 ${x.formSearch.p95} ms; app opened on the URL: ${x.openOffline.p50} ms), load ${x.load[0]}`
    : 'not measured';
  return `| Search on a watched route with no network, Chromium: first result, median (goal 300 ms) | ${value} |`;
}

export { FINDINGS, plans as renderPlans, server as renderServer };

export function renderReport(r) {
  const m = r.machine;
  return `${[
    '# Benchmarks',
    '',
    `Generated by \`npm run bench\` (scripts/bench.mjs) on ${m.date}, commit ${m.commit}, in ${Math.round(r.totalSeconds)} s.`,
    'Every figure below comes from that one run; baselines sit beside what they bound, measured in the',
    'same run, because these machines are shared and noisy.',
    ...(r.server?.splicedPostgres
      ? [
          `Except the PostgreSQL figures of the server sections (and their Summary rows): a later run of`,
          `\`BENCH_BACKENDS=postgres node --import tsx bench/server.ts\` alone (${r.server.splicedPostgres}),`,
          'spliced into bench/results/all.json and rendered with `node scripts/bench.mjs --report-only`.',
        ]
      : []),
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
    'bench/results/*.json. BENCH_LOAD_SECONDS changes the load duration (default 10).',
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
    sync(r.browser, r.syncLink),
    '',
    server(r.server),
    '',
    plans(r.server),
    '',
    referenceSync(r.reference),
    '',
    filesUnderLoad(r.filesLoad),
    live(r.live),
    '',
    diffPull(r.diffPull),
    '',
    watched(r.watched),
    '',
    messagesLoad(r.messages),
  ].join('\n')}\n`;
}

const cpuCell = (c) => (c ? `${c.serverMs} (${c.serverSystemMs ?? '?'}) / ${c.databaseMs} ms` : 'n/a');

/** POST /api/bookings/:id/messages under load on PostgreSQL (bench/messages.ts). */
export function messagesLoad(mg) {
  const title = '## Messages: posting under load';
  const x = mg?.postMessage;
  if (!x) return `${title}\n\nNot measured: ${mg?.error ?? 'no results'}.`;
  return [
    title,
    '',
    `The real server on PostgreSQL (one process), ${x.connections} connections for ${x.seconds} s after a 2 s warm-up, each`,
    'request from another of 1,000 travellers in their own accepted booking (the limit of 30 a minute is per user)',
    `${x.idempotencyKeys ? 'and with its own Idempotency-Key' : 'without an Idempotency-Key'}. CPU per request: the server process's (of it in the kernel) and the`,
    "database backends' (/proc, over the load), so a loaded machine does not hide what a request costs.",
    '',
    '| measure | req/s | p50 / p99 | non-2xx | CPU per request: server (kernel) / database | goal |',
    '|---|---:|---:|---:|---:|---|',
    `| POST /api/bookings/:id/messages | ${num(x.rps, 0)} | ${x.p50} / ${x.p99} ms | ${x.non2xx} | ${cpuCell(x.cpu)} | 1,000 req/s, p99 15 ms: ${x.met ? 'met' : 'not met'} |`,
    ...(mg.authBaseline
      ? [
          `| baseline, right after: GET /api/auth (one session lookup) | ${num(mg.authBaseline.rps, 0)} | ${mg.authBaseline.p50} / ${mg.authBaseline.p99} ms | ${mg.authBaseline.non2xx} | ${cpuCell(mg.authBaseline.cpu)} | |`,
        ]
      : []),
    '',
    `Machine load average (1 min) before / after: ${x.loadAverage.before} / ${x.loadAverage.after}, on cores shared with other work.`,
    'Rerun this section alone: `node --import tsx bench/messages.ts bench/results/messages.json`',
    '(`MESSAGES_BENCH_DB_URL` to use a given database instead of a throwaway one).',
  ].join('\n');
}

/** Another client's small requests while photos move (bench/files-load.ts). */
export function filesUnderLoad(fl) {
  const title = '## Small requests while photos move';
  if (!fl || fl.error) return `${title}\n\nNot measured: ${fl?.error ?? 'no results'}.`;
  const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const row = (label, x) =>
    `| ${label} | ${x.auth.n} | ${x.auth.p50} / ${x.auth.p95} / ${x.auth.max} ms | ${x.airlines.p50} / ${x.airlines.p95} / ${x.airlines.max} ms |`;
  const moved = (x) =>
    `${x.uploads?.n ?? 0} uploads (p50 ${ms(x.uploads?.p50)}) and ${x.downloads?.n ?? 0} downloads (p50 ${ms(x.downloads?.p50)})`;
  const b = fl.baseline;
  return [
    title,
    '',
    'The real server on a fresh PGlite folder (the default setup). One client sends GET /api/auth (a',
    'session lookup in the database) and GET /api/get/airlines one after the other, 10 ms apart: first',
    `alone for ${fl.idleMs / 1000} s, then for ${fl.loadedMs / 1000} s while, from another process, ${fl.uploaders} clients upload a new`,
    `${mb(fl.imageBytes)} image each in a loop and ${fl.downloaders} download one in a loop.`,
    '',
    '| phase | rounds | /api/auth p50 / p95 / max | /api/get/airlines p50 / p95 / max |',
    '|---|---:|---:|---:|',
    row('alone', fl.idle),
    row('under the photo load (goal p95 50 ms)', fl.loaded),
    ...(b ? [row('under the same load, before (bytes in PGlite)', b.loaded)] : []),
    '',
    `Under the load: ${moved(fl)}${b ? `; before: ${moved(b)}` : ''}, loader failures ${fl.loaderFailures}.`,
    ...(fl.runs
      ? [
          `The run with the median loaded /api/auth p95 of ${fl.runs.length}; each run's /api/auth p95 alone / loaded: ${fl.runs.map((x) => `${x.idle} / ${x.loaded}`).join(', ')} ms.`,
          ...(fl.loadAverage
            ? [
                `Machine load average (1 min) before / after the runs: ${fl.loadAverage.join(' / ')}, on cores shared with other work.`,
              ]
            : []),
        ]
      : []),
    '',
    'Rerun this section alone: `node --import tsx bench/files-load.ts bench/results/filesLoad.json`;',
    'with `BENCH_FILES_BASELINE_DIR=<checkout of an earlier commit>` the same is measured on that server too.',
  ].join('\n');
}

/** The airport list's share of the first sync (bench/reference.mjs). */
export function referenceSync(ref) {
  if (!ref || ref.error)
    return `## Reference data: first sync\n\nNot measured: ${ref?.error ?? 'no results'}.`;
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  const row = (name, x) => `| ${name} | ${x.rows} | ${kb(x.raw)} | ${kb(x.gzip)} | ${kb(x.brotli)} |`;
  return [
    '## Reference data: first sync',
    '',
    'GET /api/get/airports as the first sync fetches it, against the earlier India-plus-hubs selection',
    '(the same rows filtered), and in headless Chromium (390 px, empty IndexedDB, local server) the time',
    'from choosing Traveller until the From picker is usable: airports and airlines fetched, parsed,',
    'mirrored into IndexedDB and rendered.',
    '',
    '| airports | rows | JSON | gzip | brotli |',
    '|---|---:|---:|---:|---:|',
    row('every airport with an IATA code and scheduled service, plus all Indian ones', ref.airports),
    row('earlier: India plus the hub list', ref.earlier),
    '',
    `As sent to a browser: ${kb(ref.wire.bytes)} (${ref.wire.encoding}). First sync of reference data to a usable`,
    `search form: **${ref.firstSyncMs} ms** (median of ${ref.runs.length}; runs ${ref.runs.map((x) => x.ms).join(', ')} ms).`,
    `On Lighthouse's slow 4G (1.6 Mbit/s down) the airports answer alone takes about ${((ref.wire.bytes * 8) / 1_600_000).toFixed(1)} s`,
    'of a first start; later starts read the mirror and refresh it at most every 5 minutes.',
  ].join('\n');
}

// What the numbers showed, written after reading them: the finding, where, and what was done.
const FINDINGS = `## What was slow, and what was done

The first full run (commit 62bb6af) found these; each fix landed in its own commit and the figures
above are measured after them.

1. **Search summed every booking in the database on each call** (135 ms of the query on PGlite, 64 ms
   on PostgreSQL, with 200,000 bookings): a Seq Scan and HashAggregate over all space-holding bookings
   before the join kept the ~35 listings of the route. Now a LATERAL sum per matched listing
   (src/server/model/listings.queries.ts \`heldPerListing\`), served index-only by the partial
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
   per hash on a 2-core machine.

Second round (server scale-out), profiled with \`node --cpu-prof\` under autocannon before changing code:

9. **Framework overhead in front of every call.** Hono's bodyLimit read \`c.req.raw.body\` on every
   request, which makes @hono/node-server build a full Fetch Request (undici Request, AbortSignal, web
   stream) even for a GET; security headers were added after the handler, which turned the adapter's
   plain cached answer into a full Response; JSON bodies were read through a web stream; the log line
   went through console.log. Now GETs skip the limit, a JSON body's declared length is checked up front
   and the body is read from the socket stream with a cap, headers are set before the handler, and the
   log is one stdout write. In the profiling run: /api/auth 1,645 -> 4,359 req/s (p99 23 -> 8 ms),
   search 816 -> 982 req/s (p99 43 -> 24 ms).
10. **The session lookup (every call) and search rebuilt their SQL each time, and PostgreSQL parsed and
   planned it each time**: about 40% of their database time (session 650 -> 390 us, search 1,220 ->
   1,030 us a call, phases table). Both are prepared statements now (src/server/db/prepared.ts).
11. **Search was bound by its own query**: the LATERAL sum over the ~35 listings of a route and date.
   Each listing now carries its held grams (\`listings.held_grams\`), kept by the trigger
   \`bookings_hold_space\` (migration 0008) in the writer's own transaction for every writer, so search
   is one index range scan, and booking reads the held grams off the row it already locks.

Third round (search p99 and the drain), profiled the same way:

12. **The rating join hashed all of rating_totals on every search** (0.25 of the query's 0.38 ms with
   1,000 carriers, growing with every new one): PostgreSQL flattened the lookup into a hash join. A
   LATERAL lookup with LIMIT 1 is one primary-key probe per listing kept; the query is 0.13 ms.
13. **The departed check was 25% of a search's CPU**: two Intl formatToParts calls per listing. Zone
   offsets are cached per zone and quarter hour (exact: every tz transition since 1970 falls on one),
   35 checks went from 314 to 38 us, and search skips them when the searched day's first minute is
   more than an hour ahead. Also: the bench had searched tomorrow's 01:30 India flights, which leave
   at 20:00 UTC, so runs after that hour measured the no-match path (a write per search); the bench
   now searches six days out and refuses to measure a search that finds nothing.
14. **Push spent a third of its database work on savepoints** (two statements per mutation). A batch
   now runs first without them; the first throw of any mutation rolls the whole transaction back and
   the batch runs again with one savepoint per mutation, so refusals and failures keep their outcomes.
   Push time for 1,000 queued listings: 1,385 -> 952 ms; the whole drain: 2,106 -> 1,680 ms.
15. **A pull after any change sent every row again.** The server keeps, per client, a manifest of the
   last two states it sent (row ids and digests, named by cookie), and a client that names one gets a
   patch of the changed rows (Store table).

On this shared 2-core machine autocannon, PostgreSQL and the server compete for the same cores, so
the per-core rows (WORKERS=2) measure contention more than scaling.`;

/** Live pokes (bench/live.mjs): commit to the other party's screen, and idle streams. */
export function live(lv) {
  if (!lv || lv.error) return `## Live pokes\n\nNot measured: ${lv?.error ?? 'no results'}.`;
  const row = (name, x) =>
    x?.error
      ? `| ${name} | not measured: ${x.error} | | | |`
      : `| ${name} | ${x.samples} | ${x.p50} ms | **${x.p95} ms** | ${x.max} ms |`;
  const idle = lv.idle;
  return [
    '## Live pokes',
    '',
    `Measured ${lv.date} by \`node scripts/bench.mjs --only live\` (bench/live.mjs), which replaces this section alone.`,
    '',
    "A write's commit to the other party's screen, two browsers (headless Chromium contexts, one",
    'carrier watching Order History, one traveller watching My Bookings): half the writes are bookings',
    "(the carrier's list gains the row), half are acceptances (the traveller's booking shows",
    'Accepted). Each is timed from sending the write over HTTP to the DOM change in the other page',
    '(a MutationObserver): the write, its NOTIFY, the poke, the pull and the render. Goal: p95 within 1 s.',
    '',
    '| server | writes | p50 | p95 | max |',
    '|---|---:|---:|---:|---:|',
    row('one process, PGlite', lv.pglite),
    row('two processes, PostgreSQL, behind a round-robin TCP proxy', lv.postgres),
    '',
    idle?.error
      ? `Idle streams: not measured: ${idle.error}.`
      : [
          `${idle.streams} idle poke streams held by one process (PGlite): resident memory ${idle.rssBeforeMiB} MiB before,`,
          `${idle.rssAfterMiB} MiB with them open, **${idle.addedMiB} MiB added** (${idle.perStreamKiB} KiB a stream; goal: at most`,
          `100 MB). CPU used by the server (all its threads) in a ${idle.idleWindowS} s window between two heartbeats, from 3 s`,
          `after one, in two windows after the first beat: **${idle.idleCpuMs} ms** at most (${(idle.idleWindowsCpuMs ?? []).join(' and ')} ms; goal: none;`,
          `the kernel counts in 10 ms ticks). One timer per process sends every heartbeat, every ${idle.heartbeatS ?? 25} s; a beat's`,
          `writes to all ${idle.streams} streams, with the garbage collection they bring, took at most ${idle.heartbeatCpuMs ?? 'n/a'} ms.`,
        ].join('\n'),
    offlineMessageLines(lv),
  ].join('\n');
}

/** Issue 20: a message typed offline, on the other device after the link is back (live.mjs offline). */
function offlineMessageLines(lv) {
  if (!lv.offlinePglite && !lv.offlinePostgres) return '';
  const row = (name, x) =>
    !x || x.error
      ? `| ${name} | not measured: ${x?.error ?? 'no results'} | | | |`
      : `| ${name} | ${x.samples} | ${x.p50} ms | **${x.p95} ms** | ${x.max} ms |`;
  const load = lv.offlineLoad;
  return [
    '',
    'A message typed offline, on the other device after the link is back: the traveller writes in',
    "the booking's thread (390 px) with the browser context offline (the message shows as Sending),",
    "then the link comes back (setOffline(false)); timed from there to the text in the carrier's open",
    'thread (a MutationObserver): the replay of the queue, the push, the NOTIFY, the poke, the',
    "carrier's pull and render. Goal: 1.5 s.",
    load
      ? `Measured ${load.at ?? lv.date}; load average (1 / 5 / 15 min) ${load.before.join(' / ')} before and ${load.after.join(' / ')} after.`
      : '',
    '',
    '| server | messages | p50 | p95 | max |',
    '|---|---:|---:|---:|---:|',
    row('one process, PGlite', lv.offlinePglite),
    row('two processes, PostgreSQL, behind a round-robin TCP proxy', lv.offlinePostgres),
  ]
    .concat(missedLine('PGlite', lv.offlinePglite) + missedLine('PostgreSQL', lv.offlinePostgres) || [])
    .join('\n');
}

/** Messages not on the other screen within 30 s (counted in the table when they came later). */
function missedLine(name, x) {
  const misses = x?.misses ?? [];
  if (!misses.length) return '';
  const each = misses.map(
    (m) =>
      `run ${m.run} (writer's side ${m.writer}; ${m.laterMs === null ? 'not there after 60 s either' : `there after ${m.laterMs} ms`})`,
  );
  return `\n${name}: ${misses.length} not on the carrier's screen within 30 s: ${each.join(', ')}.`;
}

const DIFF_GOAL_MS = { postgres: 5, pglite: 15 };

/** Issue 19: a diff pull's server time after one change, for a user with 10,000 rows. */
export function diffPull(d) {
  if (!d || d.error) return `## Diff pull\n\nNot measured: ${d?.error ?? 'no results'}.`;
  const load = (xs) => (xs ?? []).map((x) => x.toFixed(2)).join(', ');
  const t = (x) =>
    x ? `${x.median} / ${x.p95} ms${x.cpuMs !== undefined ? ` (CPU ${x.cpuMs} ms)` : ''}` : 'n/a';
  const row = (b) => {
    const x = d[b];
    if (!x || x.error) return `| ${b} | not measured: ${x?.error ?? 'no results'} | | | | |`;
    return `| ${b} | **${t(x.diff)}** (goal ${DIFF_GOAL_MS[b]} ms; ${x.diff.bytes} B) | ${t(x.unchanged)} | ${t(x.snapshot)} (${(x.snapshot.bytes / 1024).toFixed(0)} KB) | ${t(x.auth)} | ${x.queriesMs?.changesSince ?? 'n/a'} ms |`;
  };
  return [
    '## Diff pull',
    '',
    `Measured ${d.date} by \`node scripts/bench.mjs --only diffPull\` (bench/diff-pull.ts), which replaces this section alone;`,
    `load average ${load(d.loadavgBefore)} before and ${load(d.loadavgAfter)} after, on ${d.cores ?? 'n/a'} cores.`,
    '',
    "GET /api/sync/pull through the app in process (server time: middleware, session, the pull's",
    'queries and the JSON; no network) for a user whose pull holds 10,000 rows (4,000 listings, 4,000',
    'orders, 2,000 bookings). Diff: after one listing changed (the write not timed), with the cookie',
    "of the pull before; it reads the user's change-log entries above the cookie's version through",
    'the (user_id, version) index and loads the changed rows by id (issue 19; before it, every diff',
    'pull read and digested all 10,000 rows, as the snapshot column does). GET /api/auth (the session',
    'lookup alone) is the floor under any call on this machine at that moment. Medians / p95, and the',
    "process's mean CPU time per call (on PGlite the database's work is in it too).",
    '',
    '| backend | diff after one change | nothing changed | whole snapshot | GET /api/auth | change-log query (EXPLAIN ANALYZE) |',
    '|---|---:|---:|---:|---:|---:|',
    row('postgres'),
    row('pglite'),
    '',
    'Sync state kept per client on the server: the client row (last-applied id); the cookie',
    '(`r1.<version>[.<running transaction ids>]`) names the state, so no manifest is stored (before: two',
    'of about 600 KB per client at 10,000 rows).',
  ].join('\n');
}

/** Search on a watched route with no network (bench/watched.mjs). */
export function watched(w) {
  const x = w?.pglite;
  if (!w || w.error || !x || x.error)
    return `## Watched routes offline\n\nNot measured: ${w?.error ?? x?.error ?? 'no results'}.`;
  const row = (name, s) => `| ${name} | ${s.samples} | **${s.p50} ms** | ${s.p95} ms | ${s.max} ms |`;
  return [
    '## Watched routes offline',
    '',
    `Measured ${w.date} by \`node scripts/bench.mjs --only watched\` (bench/watched.mjs), which replaces this section alone;`,
    `load average ${x.load.join(' / ')} (1 / 5 / 15 min) on this shared machine.`,
    '',
    'One traveller in headless Chromium (390 px) watches a route (20 listings over its 3 days, one PGlite',
    'server process), the mirror fills, then the browser goes offline. Timed in the page to the first',
    'result card with "from your watched route, as of ..." on screen. Goal: first result within 300 ms.',
    '',
    '| search, offline | searches | p50 | p95 | max |',
    '|---|---:|---:|---:|---:|',
    row(
      'the form on an open search screen (Search click to first card; a new flight each time)',
      x.formSearch,
    ),
    row('the app opened on a search URL (navigation start to first card: app start included)', x.openOffline),
  ].join('\n');
}
