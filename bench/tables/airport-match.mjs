// The airport picker per keystroke with the CPU slowed 4x (bench/airport-match.mjs): the matching
// over the whole list, the keystroke to the next paint and to the frame showing its options; the
// list's transfer size.
import { kb, met, ms, num, stamp } from './format.mjs';

const fine = (x) => `${num(x, 2)} ms`;

export function blocks(r) {
  return {
    'airport-match': [
      stamp(r),
      '',
      `${r.keystrokes} keystrokes into the From picker over ${r.rows} airports, CPU throttled ${r.throttle}x (Chromium, 390 px).`,
      '',
      '| per keystroke | p50 | p95 | goal |',
      '|---|---:|---:|---:|',
      `| matching over the whole list | ${fine(r.match.p50)} | ${fine(r.match.p95)} | 5 ms |`,
      `| keystroke to the next paint (Event Timing's duration, as INP; ${r.paint.over16} of ${r.keystrokes} at 16 ms or more) | ${ms(r.paint.p50)} | ${ms(r.paint.p95)} | 16 ms |`,
      ...(r.options
        ? [
            `| keystroke to the frame showing its options (after that frame's paint) | ${ms(r.options.p50)} | ${ms(r.options.p95)} | 16 ms |`,
          ]
        : []),
      ...(r.floor
        ? [
            `| the floor: the same keys into a bare \`<input>\` on the page, to the next paint (Event Timing) | ${ms(r.floor.paint.p50)} | ${ms(r.floor.paint.p95)} | |`,
            `| the floor: the same, to the end of the next frame | ${ms(r.floor.frame.p50)} | ${ms(r.floor.frame.p95)} | |`,
          ]
        : []),
      '',
      `The airport list as sent: ${kb(r.wire.br)} brotli, ${kb(r.wire.gzip)} gzip (goal: 120 KB gzip).`,
    ].join('\n'),
  };
}

export function summary(r) {
  return [
    {
      measure: 'Airport picker, matching per keystroke, 4x CPU throttle, p95',
      goal: '5 ms',
      now: fine(r.match.p95),
      met: met(r.match.p95 <= 5),
      anchor: 'airport-picker',
    },
    {
      measure: 'Airport picker, keystroke to the next paint (INP), 4x CPU throttle, p95',
      goal: '16 ms',
      now: ms(r.paint.p95),
      met: met(r.paint.p95 <= 16),
      anchor: 'airport-picker',
    },
    ...(r.options
      ? [
          {
            measure: 'Airport picker, keystroke to the frame showing its options, 4x CPU throttle, p95',
            goal: '16 ms',
            now: ms(r.options.p95),
            met: met(r.options.p95 <= 16),
            anchor: 'airport-picker',
          },
        ]
      : []),
  ];
}
