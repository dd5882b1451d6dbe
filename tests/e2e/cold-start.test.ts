// A cold start behind the login on a Hindi phone while the screen's words are slow to come (issue
// 32): the traveller's home needs the search area's Hindi catalogue (useT('search') suspends until
// it is there). Held back by the test, the page is never blank: the shell's header (its
// placeholder of the same height, then the real one) and a loading line stand in Hindi until the
// screen comes. Before, the router showed nothing until its pending time had passed: a white page.
// Run: npm run build && npx vitest run --project e2e tests/e2e/cold-start.test.ts
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { createApiUser, loginInBrowser } from '../support/e2e-users';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;

/** The search area's Hindi catalogue chunk (messages/search/hi.json, built as messages-search-hi-<hash>.js). */
const SEARCH_WORDS = (url: URL) => /^\/assets\/messages-search-hi-[\w-]+\.js$/.test(url.pathname);

describe('a cold start in Hindi with the screen’s words still on their way', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    const user = await createApiUser(server.url, 'Meera Shah', '9123456780');
    // No service worker: every chunk comes from the network, where the test can hold it.
    context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    const first = await context.newPage();
    await loginInBrowser(first, server.url, user, 'traveller');
    await first.evaluate(() => localStorage.setItem('carry.locale', 'hi'));
    await first.close();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('keeps the header and a loading line on screen, never a blank page, until the screen comes', async () => {
    const page = await context.newPage();
    // Every frame from the first text on: a frame whose page shows no text at all is a blank.
    await page.addInitScript(() => {
      const w = window as unknown as { blankFrames: number };
      w.blankFrames = 0;
      let seen = false;
      const frame = () => {
        // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is the point (a hidden node's text is no screen).
        const text = document.body?.innerText.trim() ?? '';
        if (text) seen = true;
        else if (seen) w.blankFrames += 1;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await page.route(SEARCH_WORDS, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });

    await page.goto(`${server.url}/travellerhome`);
    // While the words are held: the header (the app's name in it) and the loading line, in Hindi.
    const banner = page.getByRole('banner');
    await banner.getByText('Carry').waitFor();
    await page.getByRole('status').getByText('लोड हो रहा है...').first().waitFor();
    expect(held).toBeGreaterThan(0);
    // The real header comes while the words are still held (its profile menu reads the Store).
    await page.getByRole('button', { name: 'प्रोफ़ाइल मेन्यू' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi-IN');

    release();
    await page.getByRole('heading', { name: 'अपना सामान नहीं ले जा पा रहे?' }).waitFor();
    expect(await banner.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { blankFrames: number }).blankFrames)).toBe(0);
  }, 120_000);
});
