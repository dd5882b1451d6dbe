// The airport picker per keystroke (bench/airport-match.mjs): the matching over the whole list,
// the keystroke to the next paint and to the frame showing its options, the same keys into a
// bare <input> (the floor) typed in turn with them, and the time the picker adds over that floor
// per key; with the CPU slowed 4x and without. The list's transfer size.
import { kb, met, ms, num, stamp } from './format.mjs';

const fine = (x) => `${num(x, 2)} ms`;

/** The phase at `throttle`, or (a result from before the phases) the top level at 4x. */
const phase = (r, throttle) =>
  r.phases?.find((p) => p.throttle === throttle) ?? (throttle === 4 ? r : undefined);

function row(label, pick, format, goal = '') {
  return (r) => {
    const cells = [4, 1].flatMap((t) => {
      const p = phase(r, t);
      const x = p ? pick(p) : undefined;
      return x ? [format(x.p50), format(x.p95)] : ['n/a', 'n/a'];
    });
    return `| ${label} | ${cells.join(' | ')} |${goal ? ` ${goal} ` : ' '}|`;
  };
}

export function blocks(r) {
  const fast = phase(r, 4);
  const rows = [
    row('matching over the whole list', (p) => p.match, fine, '5 ms at 4x'),
    row(
      `keystroke to the next paint (Event Timing's duration, as INP; at 4x ${fast.paint.over16} of ${fast.keystrokes} at 16 ms or more)`,
      (p) => p.paint,
      ms,
    ),
    row("keystroke to the frame showing its options (after that frame's paint)", (p) => p.options, ms),
    row(
      'the floor: the same keys into a bare `<input>`, to the next paint (Event Timing)',
      (p) => p.floor?.paint,
      ms,
    ),
    row('the floor: the same, to the end of the next frame', (p) => p.floor?.frame, ms),
    row(
      "**added by the picker**: its options' frame less the floor's frame, key by key",
      (p) => p.added?.frame,
      ms,
      '16 ms at 4x',
    ),
    row(
      "added by the picker: its next paint less the floor's, key by key (Event Timing's 8 ms steps)",
      (p) => p.added?.paint,
      ms,
    ),
  ];
  const counts = (r.phases ?? [r]).map((p) => `${p.keystrokes} at ${p.throttle}x`).join(', ');
  return {
    'airport-match': [
      stamp(r),
      '',
      `Keystrokes into the From picker over ${r.rows} airports (${counts}; Chromium, 390 px), each query typed also into a bare \`<input>\` in turn with it.`,
      '',
      '| per keystroke | 4x p50 | 4x p95 | 1x p50 | 1x p95 | goal |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map((f) => f(r)),
      '',
      `The airport list as sent: ${kb(r.wire.br)} brotli, ${kb(r.wire.gzip)} gzip (goal: 120 KB gzip).`,
    ].join('\n'),
  };
}

export function summary(r) {
  const fast = phase(r, 4);
  const added = fast.added?.frame;
  return [
    {
      measure: 'Airport picker, matching per keystroke, 4x CPU throttle, p95',
      goal: '5 ms',
      now: fine(fast.match.p95),
      met: met(fast.match.p95 <= 5),
      anchor: 'airport-picker',
    },
    ...(added
      ? [
          {
            measure:
              "Airport picker, time a keystroke adds to the browser's own (a bare input's) until its options are painted, 4x CPU throttle, p95",
            goal: '16 ms',
            now: ms(added.p95),
            met: met(added.p95 <= 16),
            anchor: 'airport-picker',
          },
        ]
      : []),
    {
      measure:
        'Airport picker, keystroke to the next paint (INP), 4x CPU throttle, p95 (the bare input: see the section)',
      goal: '',
      now: ms(fast.paint.p95),
      met: '',
      anchor: 'airport-picker',
    },
    {
      measure: 'Airport picker, keystroke to the frame showing its options, 4x CPU throttle, p95',
      goal: '',
      now: ms(fast.options.p95),
      met: '',
      anchor: 'airport-picker',
    },
  ];
}
