// How Hindi lines break at 390 px (issue 32): the booking details' terms ("कहाँ से", "प्रति KG कीमत")
// stay on one line beside their values, broken after the first word they read as another phrase;
// and the receipt wraps its values between words, never inside one ("Internati|onal", "I|ST").
// Run: npm run build && npx vitest run --project e2e tests/e2e/hindi-layout.test.ts
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { type ApiUser, bookOver, createApiUser, listOver, loginInBrowser } from '../support/e2e-users';

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

let server: E2eServer;
let browser: Browser;
let page: Page;
let bookingId = '';

/** The texts of `selector` whose own text the browser lays out on more than one line. */
function brokenTerms(selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return lines.size > 1;
      })
      .map((el) => el.textContent ?? ''),
  );
}

/** The words of `selector`'s text (split at spaces) that the browser breaks across two lines. */
function brokenWords(selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => {
    const broken: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

describe('Hindi lines at 390 px', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    const carrier: ApiUser = await createApiUser(server.url, 'Asha Rao', '9876543210');
    const traveller = await createApiUser(server.url, 'Meera Shah', '9123456780');
    const listingId = await listOver(carrier, DEPARTURE, { to: 'BOM' });
    expect((await bookOver(traveller, listingId, 3)).ok).toBe(true);
    const { bookings } = await carrier.json<{ bookings: { listingId: string }[] }>(
      'GET',
      `/api/carrier-orders?email=${carrier.email}`,
    );
    bookingId = bookings[0]?.listingId.replace(/_carrier$/, '') ?? '';
    await carrier.json('PUT', '/api/bookings/update-status', { listingId: bookingId, status: 'accepted' });
    page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await loginInBrowser(page, server.url, traveller, 'traveller');
    await page.evaluate(() => localStorage.setItem('carry.locale', 'hi'));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it("keeps each of a booking's details terms on one line", async () => {
    await page.goto(`${server.url}/mybookings`);
    await page
      .getByRole('button', { name: /विवरण देखें/ })
      .first()
      .click();
    // With the airports' names (the reference data, synced on first use) the values are long.
    await page
      .locator('dl dd')
      .getByText(/Indira Gandhi International Airport/)
      .waitFor({ timeout: 30_000 });
    expect(await brokenTerms('dl dt')).toEqual([]);
  }, 60_000);

  it('wraps the receipt between words, never inside one', async () => {
    await page.goto(`${server.url}/bookings/${bookingId}/receipt`);
    await page.getByRole('heading', { name: 'रसीद' }).waitFor();
    // The booking id is one long token with no space: it may break anywhere.
    const words = (await brokenWords('dl dd')).filter((w) => w.length < 30);
    expect(words).toEqual([]);
  }, 60_000);
});
