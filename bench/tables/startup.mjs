// Start-up figures (bench/browser.mjs, parts cold, warmOffline and lighthouse): first paint and the
// login form usable, cold and offline from the service worker, and Lighthouse's mobile score.
import { failed, met, ms, num, stamp } from './format.mjs';

const runs = (x) => `${(x?.fcpAll ?? []).join(' ')} / ${(x?.loginReadyAll ?? []).join(' ')}`;

export function blocks(r) {
  const c = r.cold ?? {};
  const w = r.warmOffline ?? {};
  const lh = r.lighthouse ?? {};
  return {
    startup: [
      stamp(r),
      '',
      `| median of ${c.runs ?? 'n/a'} / ${w.runs ?? 'n/a'} runs | first contentful paint | login form usable | all runs (FCP / usable, ms) |`,
      '|---|---:|---:|---|',
      `| Cold (network, no cache) | ${ms(c.fcpMs)} | ${ms(c.loginReadyMs)} | ${runs(c)} |`,
      `| Warm offline (service worker) | ${ms(w.fcpMs)} | ${ms(w.loginReadyMs)} | ${runs(w)} |`,
      failed(c) + failed(w),
      w.allFromServiceWorker === false ? '> Some warm runs were not controlled by the service worker.\n' : '',
      `Lighthouse, ${lh.profile ?? 'mobile'} profile, on /: performance **${lh.performance ?? 'n/a'}**;`,
      `FCP ${ms(lh.fcpMs)}, LCP ${ms(lh.lcpMs)}, TBT ${ms(lh.tbtMs)}, CLS ${num(lh.cls, 3)}, Speed Index ${ms(lh.speedIndexMs)}.`,
      failed(lh),
    ]
      .join('\n')
      .trim(),
  };
}

export function summary(r) {
  const lh = r.lighthouse;
  return [
    {
      measure: 'Cold start: first paint / login form usable, median',
      goal: '',
      now: `${ms(r.cold?.fcpMs)} / ${ms(r.cold?.loginReadyMs)}`,
      met: '',
      anchor: 'start-up',
    },
    {
      measure: 'Warm start offline (service worker): first paint / login form usable, median',
      goal: '',
      now: `${ms(r.warmOffline?.fcpMs)} / ${ms(r.warmOffline?.loginReadyMs)}`,
      met: '',
      anchor: 'start-up',
    },
    {
      measure: 'Lighthouse performance on /, mobile',
      goal: '95',
      now: String(lh?.performance ?? 'n/a'),
      met: met(lh?.performance === undefined ? undefined : lh.performance >= 95),
      anchor: 'start-up',
    },
  ];
}
