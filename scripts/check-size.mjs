// Size budgets for CI: run after `vite build`. Reads dist/ (or the folder given as the first
// argument) and exits 1 when the first screen's JS, the precache or a switch of language (a
// language's shell catalogue and its largest area's) is over budget (gzip).
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
  `  ${label.padEnd(20)} ${kb(s.raw).padStart(8)} KB raw ${kb(s.gzip).padStart(7)} KB gzip ${kb(s.brotli).padStart(7)} KB brotli  (${s.files.length} files)`;
console.log(`Bundle sizes in ${distDir}`);
console.log(row('first-screen JS', sizes.firstScreenJs));
console.log(row('first-screen CSS', sizes.firstScreenCss));
console.log(row('precache', sizes.precache));
// Each language's catalogues: the shell's (loaded before the first render, or at a switch) and
// its areas' (one chunk each, fetched when a screen needs them and once the app is idle).
for (const [locale, c] of Object.entries(sizes.catalogues)) {
  console.log(row(`messages ${locale} shell`, c.shell));
  for (const [area, s] of Object.entries(c.areas)) console.log(row(`messages ${locale} ${area}`, s));
  console.log(row(`messages ${locale} areas`, { ...c.areasTotal, files: Object.keys(c.areas) }));
}

let failed = false;
for (const b of checkBudgets(sizes)) {
  const verdict = b.ok ? 'ok' : 'OVER BUDGET';
  console.log(`  budget ${b.name}: ${b.actualKb.toFixed(1)} KB of ${b.limitKb} KB: ${verdict}`);
  failed ||= !b.ok;
}
process.exit(failed ? 1 : 0);
