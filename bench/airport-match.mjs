// The airport picker as a phone feels it: in headless Chromium at 390 px with the CPU slowed 4x
// (DevTools' mid-phone throttle), the From picker on /travellerhome is typed into a character at a
// time ("bengaluru", "calcutta", "hyd", "goa", "nyc", "new york", "thiruvananthapuram", "madras");
// per keystroke, the matching over the whole list (the picker's `carry:picker-match` user-timing
// measure) and the keystroke to the options painted (Event Timing's input-to-next-paint duration
// of the keydown). Also the airport list's transfer size as a browser receives it.
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
    w.__paints = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown') w.__paints.push(e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
    w.__allKeys = 0;
    addEventListener('keydown', () => {
      w.__allKeys += 1;
    });
  });
  await page.evaluate(() => performance.clearMeasures('carry:picker-match'));
  for (const q of QUERIES) {
    await from.click();
    await from.fill('');
    for (const ch of q) {
      await from.press(ch === ' ' ? 'Space' : ch);
      // The next key after the options are on screen, as a person types.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    }
    await from.press('Escape');
  }
  await page.waitForTimeout(500);
  const measured = await page.evaluate(() => ({
    match: performance.getEntriesByName('carry:picker-match').map((e) => e.duration),
    // Event Timing reports only keystrokes of 16 ms or more; the others painted within a frame.
    slow: window.__paints,
    keys: window.__allKeys,
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
    paint: { p50: percentile(paints, 50), p95: percentile(paints, 95), over16: measured.slow.length },
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
