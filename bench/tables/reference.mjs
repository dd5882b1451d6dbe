// The airport list's share of a first sync (bench/reference.mjs): its size as sent, against the
// earlier India-plus-hubs selection, and the time to a usable search form from an empty store.
import { kb, stamp } from './format.mjs';

const row = (name, x) => `| ${name} | ${x.rows} | ${kb(x.raw)} | ${kb(x.gzip)} | ${kb(x.brotli)} |`;

export function blocks(r) {
  return {
    reference: [
      stamp(r),
      '',
      '| airports | rows | JSON | gzip | brotli |',
      '|---|---:|---:|---:|---:|',
      row('every airport with an IATA code and scheduled service, plus all Indian ones', r.airports),
      row('earlier: India plus the hub list', r.earlier),
      '',
      `As sent to a browser: ${kb(r.wire.bytes)} (${r.wire.encoding}); on Lighthouse's slow 4G (1.6 Mbit/s) about`,
      `${((r.wire.bytes * 8) / 1_600_000).toFixed(1)} s. First sync of reference data to a usable search form: **${r.firstSyncMs} ms**`,
      `(median of ${r.runs.length}; runs ${r.runs.map((x) => x.ms).join(', ')} ms).`,
    ].join('\n'),
  };
}

export function summary(r) {
  return [
    {
      measure: 'First sync of reference data (3,000 airports) to a usable search form / the airports as sent',
      goal: '',
      now: `${r.firstSyncMs} ms / ${kb(r.wire.bytes)} ${r.wire.encoding}`,
      met: '',
      anchor: 'reference-data-first-sync',
    },
  ];
}
