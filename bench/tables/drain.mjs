// The drain of 1,000 queued changes (bench/drain.mjs): in Chromium against the real server, all
// applied and over the quota, with the server's push alone in-process beside them.
import { met, ms, stamp } from './format.mjs';

/** One drain's rows: the whole drain (each run's time beside it) and its waits on the server. */
function drainRows(label, m, runs) {
  if (!m) return [`| ${label} | not measured |`];
  return [
    `| ${label}: ${m.sent} applied, ${m.failed} refused, ${m.remaining} left (runs: ${runs.map((x) => Math.round(x.drainMs)).join(', ')} ms) | **${ms(m.drainMs)}** |`,
    `| of which waiting on ${m.pushes} pushes / the pull / the page's own work | ${ms(m.pushMs)} / ${ms(m.pullMs)} / ${ms(m.drainMs - m.pushMs - m.pullMs)} |`,
    ...(m.directMs
      ? [`| The same ${m.sent + m.failed} sent as one request each (plain fetch) | ${ms(m.directMs)} |`]
      : []),
  ];
}

const pushRow = (label, p) =>
  p && !p.error
    ? `| ${label} | ${ms(p.medianMs)} (CPU ${ms(p.cpuMs)}) |`
    : `| ${label} | not measured${p?.error ? `: ${p.error}` : ''} |`;

export function blocks(r) {
  const refusalRuns = r.runs.map((x) => x.refusals).filter((x) => x && !x.error);
  return {
    drain: [
      stamp(r),
      '',
      `| 1,000 add-listings, median of ${r.runs.length} runs | result |`,
      '|---|---:|',
      ...drainRows('Drain, applied', r.median, r.runs),
      ...drainRows('Drain, over the quota', r.refusalsMedian, refusalRuns),
      pushRow("The server's push alone, applied, in-process (bench/push.ts, median of 3)", r.push),
      pushRow("The server's push alone, over the quota", r.pushRefusals),
    ].join('\n'),
  };
}

export function summary(r) {
  const x = r.median?.drainMs;
  return [
    {
      measure: 'Drain 1,000 queued changes that all apply, loopback, median of 3',
      goal: '1 s',
      now: `${ms(x)}${r.median ? `, ${r.median.pushes} push${r.median.pushes === 1 ? '' : 'es'}` : ''}`,
      met: met(Number.isFinite(x) ? x <= 1000 : undefined),
      anchor: 'drain-of-1000-queued-changes',
    },
  ];
}
