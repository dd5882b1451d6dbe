// The sync protocol on an airport link (bench/sync-link.ts): a drain at 300 ms one way, the link
// gone with changes waiting, and a phone photo over a slow uplink with a change behind it.
import { failed, kb, met, ms, num, stamp } from './format.mjs';

export function blocks(r) {
  const lat = r.latency ?? {};
  const idle = r.idle ?? {};
  const photo = r.photo ?? {};
  return {
    'sync-link': [
      stamp(r),
      '',
      `| ${r.latencyMs} ms one way, ${kb(r.upBytesPerSec, 0)}/s up for the photo | result | goal |`,
      '|---|---:|---:|',
      `| Drain ${lat.n ?? 15} mutations (batched push + pull) | **${ms(lat.drainMs)}** | 3000 ms |`,
      `| The same ${lat.n ?? 15} as one request each | ${ms(lat.directMs)} | |`,
      `| ${num((idle.ms ?? 30000) / 1000, 0)} s with the link gone, 2 changes waiting: requests tried (page) / connections (proxy) | **${idle.requests ?? 'n/a'}** / ${idle.connectionsTried ?? 'n/a'} | 10 |`,
      `| Phone photo ${kb(photo.originalBytes, 0)} downscaled to ${kb(photo.sentBytes, 0)} (${photo.width ?? '?'} x ${photo.height ?? '?'}) in | ${ms(photo.prepareMs)} | |`,
      `| Courier request with that photo applied, from the loop's start | **${ms(photo.courierMs)}** | 60000 ms |`,
      `| A change queued behind the photo applied | ${ms(photo.laterMs)} | not held |`,
      failed(lat) + failed(idle) + failed(photo),
    ]
      .join('\n')
      .trim(),
  };
}

const within = (x, limit) => met(Number.isFinite(x) ? x <= limit : undefined);

export function summary(r) {
  return [
    {
      measure: 'Drain 15 changes at 300 ms one way',
      goal: '3 s',
      now: ms(r.latency?.drainMs),
      met: within(r.latency?.drainMs, 3000),
      anchor: 'sync-on-an-airport-link',
    },
    {
      measure: '30 s with the link gone, 2 changes waiting: requests tried',
      goal: '10',
      now: String(r.idle?.requests ?? 'n/a'),
      met: within(r.idle?.requests, 10),
      anchor: 'sync-on-an-airport-link',
    },
    {
      measure: 'Phone photo at 40 KB/s up: courier request applied / a change behind it applied',
      goal: '60 s / not held',
      now: `${ms(r.photo?.courierMs)} / ${ms(r.photo?.laterMs)}`,
      met: within(r.photo?.courierMs, 60_000),
      anchor: 'sync-on-an-airport-link',
    },
  ];
}
