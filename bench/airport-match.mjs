// The airport picker as a phone feels it: in headless Chromium at 390 px with the CPU slowed 4x
// (DevTools' mid-phone throttle), the From picker on /travellerhome is typed into a character at a
// time ("bengaluru", "calcutta", "hyd", "goa", "nyc", "new york", "thiruvananthapuram", "madras");
// per keystroke, the matching over the whole list (the picker's `carry:picker-match` user-timing
// measure), the keystroke to the next paint (Event Timing's duration of the keydown, as INP
// measures it) and the keystroke to the frame that shows its options (after that frame's paint). Also the airport list's transfer size as a browser receives it.
// Alone: node --import tsx bench/airport-match.mjs out.json [dist]
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { resolve } from 'node:path';
import { launchBrowser, PHONE } from '../scripts/chromium.mjs';
import { createApiUser, loginThroughScreen } from '../scripts/people.ts';
import { percentile, startAppServer } from './support/util.mjs';

const OUT = process.argv[2] ?? 'bench/results/airport-match.json';
const DIST = resolve(process.argv[3] ?? 'bench/results/dist');
const QUERIES = ['bengaluru', 'calcutta', 'hyd', 'goa', 'nyc', 'new york', 'thiruvananthapuram', 'madras'];
const THROTTLE = 4;

const percentiles = (xs) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95) });

function wireBytes(url, encoding) {
  return new Promise((done, fail) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (d) => {
        n += d.length;
      });
      res.on('end', () => done(n));
    }).on('error', fail);
  });
}

const { base, stop } = await startAppServer(DIST, 'match');
try {
  const user = await createApiUser(base, 'Bench Match', '9876543211');
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await loginThroughScreen(page, base, user);
  await page.getByRole('button', { name: /^Traveller/ }).click();
  const from = page.getByRole('combobox', { name: 'From', exact: true });
  await from.waitFor({ timeout: 120_000 });
  const rows = await page.evaluate(async () => {
    const res = await fetch('/api/get/airports');
    return (await res.json()).length;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.evaluate(() => {
    const w = window;
    // Event Timing: keydown entries of 16 ms or more (shorter ones are not reported), by start.
    w.__events = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown') w.__events.set(e.startTime, e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
    w.__picker = { keys: [], options: [] };
    // Keystroke to the options painted: from the keydown's time stamp (Event Timing's start) to
    // the end of the first frame that shows the options for what the input then holds (the list
    // not `aria-busy`), read after that frame's paint (a message posted from its rAF). A picker
    // that echoes the key at once and renders the options a frame later is measured to the later.
    w.__floor = { keys: [], options: [] };
    addEventListener(
      'keydown',
      (e) => {
        if (e.key.length !== 1) return;
        const at = e.timeStamp;
        const into = e.target.id === 'bench-floor' ? w.__floor : w.__picker;
        into.keys.push(at);
        const list = document.getElementById(e.target.getAttribute('aria-controls') ?? '');
        w.__settled = new Promise((settled) => {
          const frame = () => {
            if (list?.getAttribute('aria-busy') === 'true') {
              requestAnimationFrame(frame);
              return;
            }
            const ch = new MessageChannel();
            ch.port1.onmessage = () => {
              into.options.push(performance.now() - at);
              settled();
            };
            ch.port2.postMessage(0);
          };
          requestAnimationFrame(frame);
        });
      },
      true,
    );
  });
  await page.evaluate(() => performance.clearMeasures('carry:picker-match'));
  for (const q of QUERIES) {
    await from.click();
    await from.fill('');
    for (const ch of q) {
      // The keyboard, not the locator: no role query runs in the page between keystrokes.
      await page.keyboard.press(ch === ' ' ? 'Space' : ch);
      await page.evaluate(() => window.__settled);
      // The next key after the options are on screen, as a person types.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    }
    await page.keyboard.press('Escape');
  }
  // The floor under any picker: the same keystrokes into a bare <input> outside React, on the
  // same page at the same throttle (the browser's own work for a typed letter and its frame).
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'bench-floor';
    input.style.cssText = 'position:fixed;top:0;left:0;width:12rem';
    document.body.append(input);
  });
  for (const q of QUERIES) {
    await page.fill('#bench-floor', '');
    for (const ch of q) {
      await page.keyboard.press(ch === ' ' ? 'Space' : ch);
      await page.evaluate(() => window.__settled);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    }
  }
  await page.waitForTimeout(500);
  const measured = await page.evaluate(() => ({
    match: performance.getEntriesByName('carry:picker-match').map((e) => e.duration),
    // Event Timing reports only keystrokes of 16 ms or more; the others painted within a frame.
    slow: window.__picker.keys.flatMap((at) => (window.__events.has(at) ? [window.__events.get(at)] : [])),
    keys: window.__picker.keys.length,
    options: window.__picker.options,
    floor: {
      slow: window.__floor.keys.flatMap((at) => (window.__events.has(at) ? [window.__events.get(at)] : [])),
      keys: window.__floor.keys.length,
      options: window.__floor.options,
    },
  }));
  await browser.close();
  const fast = Math.max(0, measured.keys - measured.slow.length);
  const paints = [...measured.slow, ...Array(fast).fill(16)];
  const result = {
    throttle: THROTTLE,
    rows,
    keystrokes: measured.keys,
    match: {
      p50: percentile(measured.match, 50),
      p95: percentile(measured.match, 95),
      max: Math.max(...measured.match),
    },
    // Event Timing's duration (the INP standard): the keystroke to the next paint.
    paint: { p50: percentile(paints, 50), p95: percentile(paints, 95), over16: measured.slow.length },
    // The keystroke to the frame that shows its options (the same unless the options lag).
    options: {
      p50: percentile(measured.options, 50),
      p95: percentile(measured.options, 95),
      max: Math.max(...measured.options),
    },
    // The same for a bare <input>: what no picker can go under on this machine.
    floor: {
      paint: percentiles([
        ...measured.floor.slow,
        ...Array(Math.max(0, measured.floor.keys - measured.floor.slow.length)).fill(16),
      ]),
      frame: percentiles(measured.floor.options),
    },
    wire: {
      br: await wireBytes(`${base}/api/get/airports`, 'br'),
      gzip: await wireBytes(`${base}/api/get/airports`, 'gzip'),
    },
  };
  writeFileSync(OUT, JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result));
} finally {
  await stop();
}
