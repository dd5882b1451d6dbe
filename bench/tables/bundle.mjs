// The bundle section's figures (bench/bundle.mjs): sizes of what the first screen loads and of the
// precache, the stack floor beside them, and the CI budgets.
import { kb, met, stamp } from './format.mjs';

const k = (bytes) => (bytes / 1024).toFixed(1);
const row = (name, s) => `| ${name} | ${s.files.length} | ${k(s.raw)} | ${k(s.gzip)} | ${k(s.brotli)} |`;

export function blocks(r) {
  return {
    bundle: [
      stamp(r),
      '',
      '| | files | raw KB | gzip KB | brotli KB |',
      '|---|---:|---:|---:|---:|',
      row('First-screen JS', r.sizes.firstScreenJs),
      row('First-screen CSS', r.sizes.firstScreenCss),
      row('Precache (all entries)', r.sizes.precache),
      ...(r.stackFloorJs ? [row('Stack floor JS (bench/stack-floor)', r.stackFloorJs)] : []),
      '',
      '| Budget (CI: `node scripts/check-size.mjs` after the build) | actual | limit | verdict |',
      '|---|---:|---:|---|',
      ...r.budgets.map(
        (b) => `| ${b.name} | ${b.actualKb.toFixed(1)} KB | ${b.limitKb} KB | ${b.ok ? 'ok' : '**over**'} |`,
      ),
      '',
      `First-screen JS files: ${r.sizes.firstScreenJs.files.map((f) => `\`${f}\``).join(', ')}.`,
    ].join('\n'),
  };
}

export function summary(r) {
  return r.budgets.map((b) => ({
    measure: `Bundle: ${b.name}`,
    goal: `${b.limitKb} KB`,
    now: kb(b.actualKb * 1024),
    met: met(b.ok),
    anchor: 'bundle',
  }));
}
