// Search on a watched route with no network (bench/watched.mjs): the form on an open screen, and
// the app opened offline on a search URL.
import { met, stamp } from './format.mjs';

const row = (name, s) => `| ${name} | ${s.samples} | **${s.p50} ms** | ${s.p95} ms | ${s.max} ms |`;

export function blocks(r) {
  const x = r.pglite;
  if (!x || x.error) return { watched: `${stamp(r)}\n\nNot measured: ${x?.error ?? 'no results'}.` };
  return {
    watched: [
      stamp(r),
      '',
      '| search, offline | searches | p50 | p95 | max |',
      '|---|---:|---:|---:|---:|',
      row(
        'the form on an open search screen (Search click to first card; a new flight each time)',
        x.formSearch,
      ),
      row(
        'the app opened on a search URL (navigation start to first card: app start included)',
        x.openOffline,
      ),
    ].join('\n'),
  };
}

export function summary(r) {
  const x = r.pglite;
  const ok = x && !x.error;
  return [
    {
      measure:
        'Search on a watched route offline, first result, median: the form / the app opened on the URL',
      goal: '300 ms',
      now: ok ? `${x.formSearch.p50} ms / ${x.openOffline.p50} ms` : 'n/a',
      met: met(ok ? Math.max(x.formSearch.p50, x.openOffline.p50) <= 300 : undefined),
      anchor: 'watched-routes-offline',
    },
  ];
}
