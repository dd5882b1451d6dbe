// Size budgets for CI: run after `vite build`. Reads dist/ (or the folder given as the first
// argument) and exits 1 when the first screen's JS or the precache is over budget (gzip).
import { resolve } from 'node:path';
import { checkBudgets, kb, measureBundle } from './bundle-size.mjs';

const distDir = resolve(process.argv[2] ?? 'dist');
let sizes;
try {
  sizes = measureBundle(distDir);
} catch (err) {
  console.error(`check-size: cannot read the build in ${distDir} (run vite build first): ${err.message}`);
  process.exit(2);
}

const row = (label, s) =>
  `  ${label.padEnd(18)} ${kb(s.raw).padStart(8)} KB raw ${kb(s.gzip).padStart(7)} KB gzip ${kb(s.brotli).padStart(7)} KB brotli  (${s.files.length} files)`;
console.log(`Bundle sizes in ${distDir}`);
console.log(row('first-screen JS', sizes.firstScreenJs));
console.log(row('first-screen CSS', sizes.firstScreenCss));
console.log(row('precache', sizes.precache));

let failed = false;
for (const b of checkBudgets(sizes)) {
  const verdict = b.ok ? 'ok' : 'OVER BUDGET';
  console.log(`  budget ${b.name}: ${b.actualKb.toFixed(1)} KB of ${b.limitKb} KB: ${verdict}`);
  failed ||= !b.ok;
}
process.exit(failed ? 1 : 0);
