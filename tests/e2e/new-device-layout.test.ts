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
import { until } from '../support/until';

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
    // Flights from airports whose clocks differ from India's, as an Indian phone names them: Dubai
    // ("GST") and Kathmandu, the longest name a nearby airport gets ("GMT+5:45").
    for (const [from, flightNo] of [
      ['DXB', 'AI996'],
      ['KTM', 'AI216'],
    ] as const)
      await carrierApi.json(
        'POST',
        '/carrier/carrier/add-listing',
        listingBody(CARRIER, DEPARTURE, { from, to: 'DEL', flightNo, airline: 'AI', weight: 10, cost: 800 }),
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

  /** The heights of `cards` (one number per card, rounded to the pixel). */
  async function heights(cards: ReturnType<Page['locator']>): Promise<number[]> {
    return cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  }

  /**
   * A new Indian phone (en-IN, India's clock) whose airport list arrives after the cards: the flights
   * from Dubai and Kathmandu gain their zone's name ('9:30 am GST', '9:30 am GMT+5:45') then, and no
   * card may grow for it (a time wrapping to a second line would push everything below down).
   */
  describe('an Indian phone, flights from airports on other clocks', () => {
    let phone: BrowserContext;
    let airports: Route[];

    async function newPhone(): Promise<Page> {
      phone = await browser.newContext({
        viewport: PHONE,
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
        serviceWorkers: 'block',
      });
      airports = [];
      await phone.route('**/api/get/air*', (route) => {
        airports.push(route);
      });
      return phone.newPage();
    }

    async function letNamesIn(p: Page, card: ReturnType<Page['locator']>, name: string) {
      expect(airports.length).toBeGreaterThan(0);
      for (const route of airports.splice(0)) await route.continue().catch(() => undefined);
      await phone.unroute('**/api/get/air*');
      await card.getByText(name).first().waitFor({ timeout: 120_000 });
      await p.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(0)))),
      );
    }

    afterAll(async () => {
      await phone?.close();
    });

    it('result cards at 390 px keep their height when "9:30 am GMT+5:45" arrives', async () => {
      const p = await newPhone();
      await loginThroughUi(p, server.url, TRAVELLER, 'Traveller');
      for (const from of ['KTM', 'DXB']) {
        await p.goto(`${server.url}/travellerhome?from=${from}&to=DEL&departure=${DEPARTURE}`);
        const cards = p.getByRole('region', { name: 'Results' }).getByRole('listitem');
        await p.getByText('Showing 1 of 1 results').waitFor();
        if (from === 'KTM') {
          const before = await heights(cards);
          await letNamesIn(p, cards, 'Tribhuvan');
          expect(await cards.first().textContent()).toContain('9:30 am GMT+5:45');
          expect(await heights(cards)).toEqual(before);
          await shoot(p, 'zone-result-kathmandu');
        } else {
          await cards.first().getByText('9:30 am GST').waitFor();
          await shoot(p, 'zone-result-dubai');
        }
      }
      await phone.close();
    });

    it('My Listings cards at 390 px keep their height when the zones arrive', async () => {
      const p = await newPhone();
      await loginThroughUi(p, server.url, CARRIER, 'Carrier');
      await p.goto(`${server.url}/carrierhome`);
      const cards = p.getByRole('listitem').filter({ hasText: /AI996|AI216/ });
      await until(async () => (await cards.count()) === 2);
      const before = await heights(cards);
      await letNamesIn(p, cards, 'Tribhuvan');
      await cards.filter({ hasText: 'AI216' }).getByText('9:30 am GMT+5:45').waitFor();
      await cards.filter({ hasText: 'AI996' }).getByText('9:30 am GST').waitFor();
      expect(await heights(cards)).toEqual(before);
      await shoot(p, 'zone-my-listings');
      await phone.close();
    });
  });
});
