// Another client's small requests while others move photos (bench/files-load.ts).
import { met, ms, stamp } from './format.mjs';

const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const row = (label, x) =>
  `| ${label} | ${x.auth.n} | ${x.auth.p50} / ${x.auth.p95} / ${x.auth.max} ms | ${x.airlines.p50} / ${x.airlines.p95} / ${x.airlines.max} ms |`;
const moved = (x) =>
  `${x.uploads?.n ?? 0} uploads (p50 ${ms(x.uploads?.p50)}) and ${x.downloads?.n ?? 0} downloads (p50 ${ms(x.downloads?.p50)})`;

export function blocks(r) {
  const b = r.baseline;
  return {
    'files-load': [
      stamp(r),
      '',
      `| ${r.uploaders} uploaders of ${mb(r.imageBytes)}, ${r.downloaders} downloaders | rounds | /api/auth p50 / p95 / max | /api/get/airlines p50 / p95 / max |`,
      '|---|---:|---:|---:|',
      row(`alone (${r.idleMs / 1000} s)`, r.idle),
      row(`under the photo load (${r.loadedMs / 1000} s; goal p95 50 ms)`, r.loaded),
      ...(b ? [row('under the same load, baseline checkout', b.loaded)] : []),
      '',
      `Under the load: ${moved(r)}${b ? `; baseline: ${moved(b)}` : ''}; loader failures ${r.loaderFailures}.`,
      ...(r.runs
        ? [
            `The run with the median loaded /api/auth p95 of ${r.runs.length}; each run's p95 alone / loaded: ${r.runs.map((x) => `${x.idle} / ${x.loaded}`).join(', ')} ms.`,
          ]
        : []),
    ].join('\n'),
  };
}

export function summary(r) {
  const p95 = r.loaded?.auth?.p95;
  return [
    {
      measure: 'Small requests while 3 upload and 4 download photos (PGlite): /api/auth p95 (alone)',
      goal: '50 ms',
      now: `${ms(p95)} (${ms(r.idle?.auth?.p95)})`,
      met: met(Number.isFinite(p95) ? p95 <= 50 : undefined),
      anchor: 'small-requests-while-photos-move',
    },
  ];
}
