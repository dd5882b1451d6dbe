// Every section `npm run bench` runs, in order. A section is a script that measures and writes its
// figures as JSON to the file named by its first argument (bench/results/<name>.json), and a table
// module, bench/tables/<name>.mjs, that turns them into BENCHMARKS.md's blocks and summary rows.
//   name     the section's name: `npm run bench -- <name>`, its results file, its table module
//   script   what node runs (under tsx, so TypeScript and the @/ paths work)
//   env      environment for the script (which parts of a shared script to run)
//   build    needs the app built into bench/results/dist first
//   minutes  the section is stopped after this long, and its figures left as they were
export const SECTIONS = [
  { name: 'bundle', script: 'bench/bundle.mjs', build: true, minutes: 5 },
  { name: 'filter', script: 'bench/filter.ts', minutes: 2 },
  {
    name: 'startup',
    script: 'bench/browser.mjs',
    env: { BENCH_BROWSER_SECTIONS: 'cold,warmOffline,lighthouse' },
    build: true,
    minutes: 6,
  },
  {
    name: 'store',
    script: 'bench/browser.mjs',
    env: { BENCH_BROWSER_SECTIONS: 'store' },
    build: true,
    minutes: 4,
  },
  {
    name: 'thread',
    script: 'bench/browser.mjs',
    env: { BENCH_BROWSER_SECTIONS: 'thread' },
    build: true,
    minutes: 5,
  },
  { name: 'sync-link', script: 'bench/sync-link.ts', build: true, minutes: 6 },
  { name: 'server', script: 'bench/server.ts', minutes: 9 },
  { name: 'reference', script: 'bench/reference.mjs', build: true, minutes: 4 },
  { name: 'airport-match', script: 'bench/airport-match.mjs', build: true, minutes: 5 },
  { name: 'files-load', script: 'bench/files-load.ts', minutes: 3 },
  { name: 'live', script: 'bench/live.mjs', minutes: 15 },
  { name: 'badge', script: 'bench/badge.mjs', build: true, minutes: 8 },
  { name: 'diff-pull', script: 'bench/diff-pull.ts', minutes: 6 },
  { name: 'orders', script: 'bench/orders.ts', minutes: 15 },
  { name: 'drain', script: 'bench/drain.mjs', build: true, minutes: 15 },
  { name: 'watched', script: 'bench/watched.mjs', minutes: 5 },
  { name: 'withdraw', script: 'bench/withdraw.ts', minutes: 5 },
  { name: 'messages', script: 'bench/messages.ts', minutes: 3 },
  { name: 'reset-mail', script: 'bench/abuse/reset-mail-delay.ts', minutes: 12 },
  { name: 'push-flood', script: 'bench/abuse/push-flood.ts', minutes: 10 },
  { name: 'stream-flood', script: 'bench/abuse/stream-flood.ts', minutes: 15 },
  { name: 'team-console', script: 'bench/team-console.ts', minutes: 12 },
  { name: 'earnings', script: 'bench/earnings.ts', minutes: 5 },
];
