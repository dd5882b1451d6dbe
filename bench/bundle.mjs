// The bundle: what the first screen loads and what the service worker precaches, as a browser
// fetches them (raw, gzip, brotli), against the CI budgets, and beside the stack floor: a one-route
// login page built with only the required stack, under which no first screen can weigh less.
// Measures the app built into bench/results/dist (built here when missing).
//   node bench/bundle.mjs [out.json]
import { existsSync, writeFileSync } from 'node:fs';
import { checkBudgets, measureBundle, measureFirstScreenJs } from '../scripts/bundle-size.mjs';
import { BENCH_DIST, buildForBench, buildStackFloor } from './support/build.mjs';

const OUT = process.argv[2] ?? 'bench/results/bundle.json';

if (!existsSync(`${BENCH_DIST}/index.html`)) await buildForBench();
const sizes = measureBundle(BENCH_DIST);
const stackFloorJs = measureFirstScreenJs(await buildStackFloor());
writeFileSync(OUT, JSON.stringify({ sizes, budgets: checkBudgets(sizes), stackFloorJs }, null, 2));
