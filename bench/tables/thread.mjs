// The 5,000-message thread's figures (bench/browser.mjs, part thread): opening it from My Bookings
// and by a deep link, and scrolling it to the oldest message, in wall clock and main-thread CPU.
import { failed, met, ms, stamp } from './format.mjs';

export function blocks(r) {
  const t = r.thread ?? {};
  const sc = t.scroll ?? {};
  const cpu = sc.cpu ?? {};
  return {
    thread: [
      stamp(r),
      '',
      `| ${(t.messages ?? 5000).toLocaleString('en-US')} messages, 390 px wide | result | goal |`,
      '|---|---:|---:|',
      `| Click on Message to the newest message painted, median of ${t.runs ?? 'n/a'} (runs) | **${ms(t.openMs)}** (${(t.openAll ?? []).join(', ')}) | 200 ms |`,
      `| the same, main-thread CPU / its largest task | ${ms(t.openCpuMs)} / ${ms(t.openMaxTaskCpuMs)} | |`,
      `| Deep link, navigation start to the newest message painted | ${ms(t.deepLinkMs)} | |`,
      `| Messages in the DOM | ${t.rowsInDom ?? 'n/a'} | |`,
      `| Scrolling to the oldest (${sc.steps ?? 'n/a'} wheel steps of 400 px): long tasks over 50 ms, wall clock (longest) | **${sc.over50 ?? 'n/a'}** (${ms(sc.maxMs)}) | none |`,
      `| the same, tasks over 50 ms of CPU (largest) | ${cpu.cpuOver50 ?? 'n/a'} (${ms(cpu.maxCpuMs)}) | none |`,
      failed(t),
    ]
      .join('\n')
      .trim(),
  };
}

export function summary(r) {
  const t = r.thread ?? {};
  const over50 = t.scroll?.over50;
  return [
    {
      measure: 'Thread of 5,000 messages: click to the newest message painted',
      goal: '200 ms',
      now: ms(t.openMs),
      met: met(Number.isFinite(t.openMs) ? t.openMs <= 200 : undefined),
      anchor: 'a-thread-of-5000-messages',
    },
    {
      measure: 'Thread of 5,000 messages: long tasks over 50 ms while scrolling to the oldest',
      goal: 'none',
      now: String(over50 ?? 'n/a'),
      met: met(over50 === undefined ? undefined : over50 === 0),
      anchor: 'a-thread-of-5000-messages',
    },
  ];
}
