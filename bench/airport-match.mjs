// The airport picker as a phone feels it: in headless Chromium at 390 px with the CPU slowed 4x
// (DevTools' mid-phone throttle), the From picker on /travellerhome is typed into a character at a
// time ("bengaluru", "calcutta", "hyd", "goa", "nyc", "new york", "thiruvananthapuram", "madras");
// per keystroke, the matching over the whole list (the picker's `carry:picker-match` user-timing
// measure), the keystroke to the next paint (Event Timing's duration of the keydown, as INP
// measures it) and the keystroke to the frame that shows its options (after that frame's paint).
//
// Beside each query, the same keys into a bare <input> outside React on the same page (the
// floor: the browser's own work for a typed letter and its frame), the two typed in turn, query
// by query, the floor first for one query and the picker first for the next, so both see the
// same minutes of a shared machine. Per keystroke the picker's added time is its figure less the
// floor's for the same key of the same query. Twice over at 4x, then once without throttling
// (1x), where a frame of 16 ms is within a browser's reach. Also the list's transfer size.
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
/** CPU throttle and how many times the queries are typed at it. */
const PHASES = [
  { throttle: 4, rounds: 2 },
  { throttle: 1, rounds: 1 },
];

const percentiles = (xs) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95), max: Math.max(...xs) });

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
  await page.evaluate(() => {
    const w = window;
    // Event Timing: keydown entries of 16 ms or more (shorter ones are not reported), by start.
    w.__events = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown') w.__events.set(e.startTime, e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
    // Keystroke to the options painted: from the keydown's time stamp (Event Timing's start) to
    // the end of the first frame that shows the options for what the input then holds (the list
    // not `aria-busy`), read after that frame's paint (a message posted from its rAF). A picker
    // that echoes the key at once and renders the options a frame later is measured to the later.
    // For the floor, the end of the frame after the key.
    addEventListener(
      'keydown',
      (e) => {
        if (e.key.length !== 1) return;
        const at = e.timeStamp;
        const list = document.getElementById(e.target.getAttribute('aria-controls') ?? '');
        w.__settled = new Promise((settled) => {
          const frame = () => {
            if (list?.getAttribute('aria-busy') === 'true') {
              requestAnimationFrame(frame);
              return;
            }
            const ch = new MessageChannel();
            ch.port1.onmessage = () => settled({ at, frame: performance.now() - at });
            ch.port2.postMessage(0);
          };
          requestAnimationFrame(frame);
        });
      },
      true,
    );
    // The floor: a bare <input> outside React (appended to <body>, not the app's root), fixed
    // over the page's top so that typing into it lays out nothing else.
    const input = document.createElement('input');
    input.id = 'bench-floor';
    input.setAttribute('aria-label', 'floor');
    input.style.cssText = 'position:fixed;top:0;left:0;width:12rem';
    document.body.append(input);
  });

  // A frame after the last change, and the tasks queued behind it: the next key then meets a
  // page at rest, as a person's does.
  const nextFrame = () =>
    page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  /** Types `q` a key at a time into the focused input; per key its time stamp and frame. */
  async function typeKeys(q) {
    // The first key after the opened list is on screen (its own cost is the click's, not a key's).
    await nextFrame();
    await nextFrame();
    const keys = [];
    for (const ch of q) {
      // The keyboard, not the locator: no role query runs in the page between keystrokes.
      await page.keyboard.press(ch === ' ' ? 'Space' : ch);
      keys.push(await page.evaluate(() => window.__settled));
      // The next key after the options are on screen, as a person types.
      await nextFrame();
    }
    return keys;
  }
  const typeInto = {
    async picker(q) {
      await from.click();
      await from.fill('');
      const keys = await typeKeys(q);
      await page.keyboard.press('Escape');
      return keys;
    },
    async floor(q) {
      await page.fill('#bench-floor', '');
      return typeKeys(q);
    },
  };

  const phases = [];
  for (const { throttle, rounds } of PHASES) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.evaluate(() => {
      performance.clearMeasures('carry:picker-match');
      window.__events.clear();
    });
    const typed = { picker: [], floor: [] };
    let n = 0;
    for (let round = 0; round < rounds; round++) {
      for (const q of QUERIES) {
        // In turn, and each first for every other query: neither gets the quieter minutes.
        const order = n++ % 2 === 0 ? ['floor', 'picker'] : ['picker', 'floor'];
        for (const target of order) typed[target].push(...(await typeInto[target](q)));
      }
    }
    await page.waitForTimeout(500);
    const measured = await page.evaluate(
      (keys) => ({
        match: performance.getEntriesByName('carry:picker-match').map((e) => e.duration),
        // Event Timing reports only keystrokes of 16 ms or more: the others painted within a
        // frame, and count as 16 here (an upper bound).
        paint: {
          picker: keys.picker.map((k) => window.__events.get(k.at) ?? null),
          floor: keys.floor.map((k) => window.__events.get(k.at) ?? null),
        },
      }),
      typed,
    );
    const paint = (xs) => xs.map((d) => d ?? 16);
    const pickerPaint = paint(measured.paint.picker);
    const floorPaint = paint(measured.paint.floor);
    const pickerFrame = typed.picker.map((k) => k.frame);
    const floorFrame = typed.floor.map((k) => k.frame);
    phases.push({
      throttle,
      keystrokes: typed.picker.length,
      match: percentiles(measured.match),
      // Event Timing's duration (the INP standard): the keystroke to the next paint.
      paint: { ...percentiles(pickerPaint), over16: measured.paint.picker.filter((d) => d !== null).length },
      // The keystroke to the frame that shows its options (the same unless the options lag).
      options: percentiles(pickerFrame),
      // The same for the bare <input>: what no picker can go under on this machine.
      floor: {
        paint: { ...percentiles(floorPaint), over16: measured.paint.floor.filter((d) => d !== null).length },
        frame: percentiles(floorFrame),
      },
      // Each keystroke's frames (ms, picker and floor), in the order typed.
      keys: pickerFrame.map((x, i) => [Math.round(x), Math.round(floorFrame[i])]),
      // Per keystroke, the picker's figure less the floor's for the same key of the same query.
      added: {
        frame: percentiles(pickerFrame.map((x, i) => x - floorFrame[i])),
        paint: percentiles(pickerPaint.map((x, i) => x - floorPaint[i])),
      },
    });
  }
  await browser.close();
  const [main] = phases;
  const result = {
    rows,
    // The 4x figures at the top level, as the earlier results had them.
    ...main,
    phases,
    wire: {
      br: await wireBytes(`${base}/api/get/airports`, 'br'),
      gzip: await wireBytes(`${base}/api/get/airports`, 'gzip'),
    },
  };
  writeFileSync(OUT, JSON.stringify(result, null, 2));
  console.log(
    JSON.stringify(
      phases.map((p) => ({
        t: p.throttle,
        added: p.added,
        options: p.options,
        floor: p.floor.frame,
        paint: p.paint,
        match: p.match,
      })),
    ),
  );
} finally {
  await stop();
}
