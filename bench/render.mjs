// Puts measured figures into BENCHMARKS.md and touches nothing else. For each section with a
// result in bench/results/<name>.json, its table module (bench/tables/<name>.mjs) makes blocks,
// each of which replaces what stands between `<!-- bench:<id> -->` and `<!-- /bench:<id> -->`,
// and summary rows, which replace the section's rows of the summary table (the rows whose last
// cell names it). A section whose run failed keeps its old figures.
//   node bench/render.mjs [section ...]      (all sections with results when none is named)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SECTIONS } from './sections.mjs';
import { when } from './tables/format.mjs';

const RESULTS = 'bench/results';
const DOC = 'BENCHMARKS.md';

/** Replaces the block `id` of `doc` with `body`; throws when its markers are missing. */
export function replaceBlock(doc, id, body) {
  const open = `<!-- bench:${id} -->`;
  const close = `<!-- /bench:${id} -->`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${open} ... ${close} for these figures`);
  return `${doc.slice(0, start + open.length)}\n${body.trim()}\n${doc.slice(end)}`;
}

/** The summary table's row for one figure of `section`, its run's date and load beside it. */
function summaryRow(section, result, row) {
  const load = result.run?.load?.[0];
  const measured = `${when(result.run?.date).slice(0, 10)}${load === undefined ? '' : `, load ${load.toFixed(1)}`}`;
  const cells = [row.measure, row.goal, row.now, row.met, measured, `[${section}](#${row.anchor})`];
  return `|${cells.map((c) => (c ? ` ${c} ` : ' ')).join('|')}|`;
}

/** Replaces `section`'s rows of the summary block (in place of the first; at the end if new). */
export function replaceSummaryRows(doc, section, rows) {
  const open = '<!-- bench:summary -->';
  const close = '<!-- /bench:summary -->';
  const start = doc.indexOf(open) + open.length;
  const end = doc.indexOf(close);
  if (start < open.length || end < start) throw new Error(`${DOC} has no ${open} ... ${close}`);
  const lines = doc.slice(start, end).trim().split('\n');
  // A row belongs to the section its last cell links: `| ... | [diff-pull](#diff-pull) |`.
  const owned = (line) => line.split('|').at(-2)?.trim().startsWith(`[${section}](#`) ?? false;
  const at = lines.findIndex(owned);
  const kept = lines.filter((line) => !owned(line));
  kept.splice(at < 0 ? kept.length : at, 0, ...rows);
  return `${doc.slice(0, start)}\n${kept.join('\n')}\n${doc.slice(end)}`;
}

/** Renders the named sections' results into BENCHMARKS.md; returns the names rendered. */
export async function render(names = SECTIONS.map((s) => s.name)) {
  let doc = readFileSync(DOC, 'utf8');
  const rendered = [];
  for (const name of names) {
    const file = `${RESULTS}/${name}.json`;
    if (!existsSync(file)) continue;
    const result = JSON.parse(readFileSync(file, 'utf8'));
    if (result.error) {
      console.log(`bench: ${name} failed (${result.error}); its figures in ${DOC} stay as they were`);
      continue;
    }
    const tables = await import(`./tables/${name}.mjs`);
    for (const [id, body] of Object.entries(tables.blocks(result))) doc = replaceBlock(doc, id, body);
    const rows = tables.summary(result).map((row) => summaryRow(name, result, row));
    doc = replaceSummaryRows(doc, name, rows);
    rendered.push(name);
  }
  writeFileSync(DOC, doc);
  return rendered;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  const done = await render(names.length ? names : undefined);
  console.log(`bench: ${DOC} has the figures of ${done.join(', ') || 'nothing (no results)'}`);
}
