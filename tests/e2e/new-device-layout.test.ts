// A new device opening a search link (issue 29, point 7): the results come before the airport
// list (387 KB of JSON on a slow link), so a card first stands with placeholders where the names
// will be, never bare codes, and does not move when the names arrive: the page's cumulative
// layout shift (Chromium's layout-shift entries) stays within 0.1. The device is an Indian phone
// abroad (en-IN, in Dubai), so the departure also gains its airport's zone name ("IST") when the
// list arrives: the worst case for a line that grows.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, SCREENSHOT_DIR, shoot } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { listingBody } from '../support/e2e-users';
import { Api, testUser } from '../support/pwa-api';
import { loginThroughUi } from '../support/pwa-browser';

const run = `nd${Date.now().toString(36)}`;
const CARRIER = testUser('Carrier', run);
const TRAVELLER = { ...testUser('Traveller', run), phone: '9123456782' };
const DEPARTURE = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The airport and airline requests held back until the test lets them through. */
const held: Route[] = [];

type Shifts = Window & { __shifts?: number[] };

describe('a new device opening a search link', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    const carrierApi = await new Api(server.url).signIn(CARRIER);
    await new Api(server.url).signIn(TRAVELLER);
    await carrierApi.json(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(CARRIER, DEPARTURE, { to: 'BOM', flightNo: 'AI101', weight: 10, cost: 800 }),
    );
    browser = await launchBrowser();
    // A first visit: nothing cached, no service worker answering for the page.
    context = await browser.newContext({
      viewport: PHONE,
      locale: 'en-IN',
      timezoneId: 'Asia/Dubai',
      serviceWorkers: 'block',
    });
    await context.route('**/api/get/air*', (route) => {
      held.push(route);
    });
    // Every layout shift of each document, as Chromium reports it (not those right after input).
    await context.addInitScript(() => {
      const w = window as Shifts;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!e.hadRecentInput) w.__shifts?.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    page = await context.newPage();
    await loginThroughUi(page, server.url, TRAVELLER, 'Traveller');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('shows placeholders, not bare codes, until the names come, and shifts no more than 0.1', async () => {
    await page.goto(`${server.url}/travellerhome?from=DEL&to=BOM&departure=${DEPARTURE}`);
    const card = page.getByRole('region', { name: 'Results' }).getByRole('listitem').first();
    await card.waitFor();
    await page.getByText('Showing 1 of 1 results').waitFor();
    // The airport list has not arrived: the names' places hold grey bars (from, to, airline).
    expect(held.length).toBeGreaterThan(0);
    expect(await card.textContent()).not.toContain('Indira Gandhi');
    expect(await card.locator('span[aria-hidden="true"].animate-pulse').count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/new-device-loading-390.png` });

    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await context.unroute('**/api/get/air*');
    await card.getByText('Indira Gandhi International Airport').waitFor({ timeout: 120_000 });
    expect(await card.textContent()).toContain('IST');
    // Shifts are reported after the frame that made them: two frames on, every one is in.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))),
    );
    const shifts = await page.evaluate(() => (window as Shifts).__shifts ?? []);
    const cls = shifts.reduce((a, b) => a + b, 0);
    console.log(`new device, search link at 390 px: CLS ${cls.toFixed(4)} over ${shifts.length} shifts`);
    expect(cls).toBeLessThanOrEqual(0.1);
    await shoot(page, 'new-device-results');
  });
});
