// The local store's figures (bench/browser.mjs, part store): 10,000 bookings pulled and applied
// in real IndexedDB against one bulkPut, a later pull's patch, and My Bookings' first render.
import { failed, kb, met, ms, num, stamp } from './format.mjs';

export function blocks(r) {
  const s = r.store ?? {};
  const m = s.mirror ?? {};
  const d = s.render ?? {};
  const x = (t) => `${num(t / m.bulkPutMs, 1)}x`;
  return {
    store: [
      stamp(r),
      '',
      `| ${s.bookings ?? 'n/a'} bookings | time | vs one bulkPut |`,
      '|---|---:|---:|',
      `| pull: one pull (parse the answer + apply in one transaction), empty table | ${ms(m.pullBookingsMs)} | ${x(m.pullBookingsMs)} |`,
      `| applyPull alone, empty table | ${ms(m.replaceMirrorMs)} | ${x(m.replaceMirrorMs)} |`,
      `| applyPull again over the full table (a returning user's pull) | ${ms(m.replaceMirrorRefreshMs)} | ${x(m.replaceMirrorRefreshMs)} |`,
      `| Floor: one Dexie bulkPut of the same rows | ${ms(m.bulkPutMs)} | 1x |`,
      '',
      `A later pull after one booking changed: the patch is ${kb(m.patchBytes)} of JSON against`,
      `${kb(m.fullBytes, 0)} for the whole snapshot, and applies in ${ms(m.patchOneMs)} over the full table.`,
      `My Bookings: first row on screen **${ms(d.firstRowMs)}** after navigation start (median of ${d.runs ?? 'n/a'}),`,
      `${d.rowsInDom ?? 'n/a'} rows in the DOM.`,
      failed(s) + failed(d),
    ]
      .join('\n')
      .trim(),
  };
}

export function summary(r) {
  const m = r.store?.mirror ?? {};
  const d = r.store?.render ?? {};
  return [
    {
      measure: 'Pull and apply 10,000 bookings in IndexedDB (one bulkPut of them beside)',
      goal: '1 s',
      now: `${ms(m.pullBookingsMs)} (${ms(m.bulkPutMs)})`,
      met: met(Number.isFinite(m.pullBookingsMs) ? m.pullBookingsMs <= 1000 : undefined),
      anchor: 'store',
    },
    {
      measure: 'A later pull after one change: patch / whole snapshot, applied in',
      goal: '',
      now: `${kb(m.patchBytes)} / ${kb(m.fullBytes, 0)}, ${ms(m.patchOneMs)}`,
      met: '',
      anchor: 'store',
    },
    {
      measure: 'My Bookings with 10,000 bookings: first row on screen',
      goal: '',
      now: `${ms(d.firstRowMs)} (${d.rowsInDom ?? 'n/a'} rows in the DOM)`,
      met: '',
      anchor: 'store',
    },
  ];
}
