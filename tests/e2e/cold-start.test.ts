// A cold start behind the login on a Hindi phone while the screen's words are slow to come (issue
// 32): the traveller's home needs the search area's Hindi catalogue (useT('search') suspends until
// it is there). Held back by the test, the page is never blank: the shell's header (its
// placeholder of the same height, then the real one) and a loading line stand in Hindi until the
// screen comes. Before, the router showed nothing until its pending time had passed: a white page.
// And before the scripts arrive on a slow link (300 ms each way, 40 KB/s): index.html's static
// shell stands from the first frame, and React's shell takes its place box for box. And a first
// visit, logged out: the login screen's chunks are asked for beside its words, all at once.
// Run: npm run build && npx vitest run --project e2e tests/e2e/cold-start.test.ts
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { createApiUser, loginInBrowser } from '../support/e2e-users';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;

/** The page's entry script (index.html's module script, built as index-<hash>.js). */
const ENTRY_SCRIPT = (url: URL) => /^\/assets\/index-[\w-]+\.js$/.test(url.pathname);

/** The boxes a shell is seen by: its header, the logo in it and the loading ring. */
const SHELL_BOXES = () => {
  const box = (el: Element | null | undefined) => {
    const r = el?.getBoundingClientRect();
    return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  };
  const header = document.querySelector('header');
  return {
    header: box(header),
    logo: box(header?.querySelector('svg')),
    // The ring turns: its centre is where it is (its box grows and shrinks as it turns).
    ring: ((r) => r && { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) })(
      box(document.querySelector('main .animate-spin, main .shell-ring')),
    ),
  };
};

/** The search area's Hindi catalogue chunk (messages/search/hi.json, built as messages-search-hi-<hash>.js). */
const SEARCH_WORDS = (url: URL) => /^\/assets\/messages-search-hi-[\w-]+\.js$/.test(url.pathname);

/** The English shell catalogue (messages/en.json, built as messages-en-<hash>.js). */
const ENGLISH_WORDS = (url: URL) => /^\/assets\/messages-en-[\w-]+\.js$/.test(url.pathname);
/** The login route's chunk (routes/index.tsx, named after its folder: routes-<hash>.js). */
const LOGIN_ROUTE = (url: URL) => /^\/assets\/routes-[\w-]+\.js$/.test(url.pathname);
/** The forms' chunk the login form imports (TanStack Form and the fields). */
const FORM_CHUNK = /^\/assets\/app-form-[\w-]+\.js$/;

// One server, browser and signed-in phone for both groups of tests below.
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

describe('a cold start in Hindi with the screen’s words still on their way', () => {
  it('keeps the header and a loading line on screen, never a blank page, until the screen comes', async () => {
    const page = await context.newPage();
    await countBlankFrames(page, 'from the first text');
    const words = hold(page, SEARCH_WORDS);
    await words.route;

    await page.goto(`${server.url}/travellerhome`);
    // While the words are held: the header (the app's name in it) and the loading line, in Hindi.
    const banner = page.getByRole('banner');
    await banner.getByText('Carry').waitFor();
    await page.getByRole('status').getByText('लोड हो रहा है...').first().waitFor();
    await expect.poll(() => words.held()).toBeGreaterThan(0);
    // The real header comes while the words are still held (its profile menu reads the Store).
    await page.getByRole('button', { name: 'प्रोफ़ाइल मेन्यू' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi-IN');

    words.release();
    await page.getByRole('heading', { name: 'अपना सामान नहीं ले जा पा रहे?' }).waitFor();
    expect(await banner.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { blankFrames: number }).blankFrames)).toBe(0);
  }, 120_000);

  it('shows the static shell from the first frame on a slow link until React’s shell takes its place, unmoved', async () => {
    const page = await context.newPage();
    await countBlankFrames(page, 'from the first frame');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: 40 * 1024,
      uploadThroughput: 40 * 1024,
    });
    // The scripts held, then the first auth check (React's shell stands until it answers).
    const script = hold(page, ENTRY_SCRIPT);
    const auth = hold(page, (url) => url.pathname === '/api/auth');
    await script.route;
    await auth.route;

    await page.goto(`${server.url}/travellerhome`, { waitUntil: 'commit' });
    const banner = page.getByRole('banner');
    await banner.getByText('Carry').waitFor();
    await expect.poll(() => script.held()).toBeGreaterThan(0);
    const staticShell = await page.evaluate(SHELL_BOXES);
    expect(staticShell.ring).not.toBeNull();
    expect(staticShell.header?.height).toBe(65);

    script.release();
    // React's shell: the same boxes, now with the words of the page's language.
    await page.getByRole('status').getByText('लोड हो रहा है...').waitFor();
    await expect.poll(() => auth.held(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.locator('.shell').count()).toBe(0);
    expect(await page.evaluate(SHELL_BOXES)).toEqual(staticShell);

    auth.release();
    await page.getByRole('heading', { name: 'अपना सामान नहीं ले जा पा रहे?' }).waitFor();
    const frames = await page.evaluate(() => {
      const { blankFrames, frames } = window as unknown as { blankFrames: number; frames: number };
      return { blankFrames, frames };
    });
    expect(frames.frames).toBeGreaterThan(0);
    expect(frames.blankFrames).toBe(0);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[])
              if (!e.hadRecentInput) total += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 100);
        }),
    );
    expect(shift).toBeLessThanOrEqual(0.1);
  }, 120_000);
});

describe('a first visit, logged out, with nothing cached', () => {
  it('asks for the login screen’s chunks beside its words and all at once, not one after another', async () => {
    const fresh = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    try {
      const page = await fresh.newPage();
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      const words = hold(page, ENGLISH_WORDS);
      const route = hold(page, LOGIN_ROUTE);
      await words.route;
      await route.route;

      await page.goto(`${server.url}/`, { waitUntil: 'commit' });
      // The words are still held, and the route's chunk is asked for: it does not wait for them
      // (and the first render) before it starts.
      await expect.poll(() => route.held(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(words.held()).toBeGreaterThan(0);
      // The route's chunk is still held, and the form's chunk it imports is asked for: its
      // dependencies come with it, not once it has arrived and been read.
      await expect.poll(() => asked.some((p) => FORM_CHUNK.test(p)), { timeout: 30_000 }).toBe(true);

      words.release();
      route.release();
      await page.getByLabel('Email Address').waitFor();
    } finally {
      await fresh.close();
    }
  }, 120_000);
});

/**
 * Counts the frames whose page shows no text at all (blank frames) on `page`: every frame from
 * the first one, or only those after the first frame with text.
 */
async function countBlankFrames(
  page: Page,
  from: 'from the first frame' | 'from the first text',
): Promise<void> {
  await page.addInitScript((fromFirstFrame: boolean) => {
    const w = window as unknown as { blankFrames: number; frames: number };
    w.blankFrames = 0;
    w.frames = 0;
    let seen = fromFirstFrame;
    const frame = () => {
      // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is the point (a hidden node's text is no screen).
      const text = document.body?.innerText.trim() ?? '';
      w.frames += 1;
      if (text) seen = true;
      else if (seen) w.blankFrames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, from === 'from the first frame');
}

/** Holds the requests `matches` picks until `release()`; `held()` counts them. */
function hold(page: Page, matches: (url: URL) => boolean) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  const route = page.route(matches, async (r) => {
    held += 1;
    await released;
    await r.continue();
  });
  return { route, release: () => release(), held: () => held };
}
