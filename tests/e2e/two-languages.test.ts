// Two languages at once, in Chromium on the built app (issue 32, Numbers and checks): a carrier
// who chose Hindi on the login screen and a traveller in English book, accept and message each
// other; each sees their own language (the page's lang, the shell's words, no catalogue English
// on the Hindi screens and no Hindi on the English ones) and each receives their mail in their own
// language (the local SMTP server). And a traveller who has used Hindi once switches to it
// offline: every screen walked then is Hindi.
//
// Names are looked up in the catalogues (tests/support/e2e-words.ts): a screen whose strings are
// not moved yet is found by its English, and once moved by its Hindi, with no change here.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { DESKTOP, launchBrowser, PHONE, synced } from '../support/e2e-browser';
import { visibleTexts } from '../support/e2e-pseudo';
import { type E2eServer, freePort, startE2eServer } from '../support/e2e-server';
import {
  type ApiUser,
  createApiUser,
  listOver,
  loginInBrowser,
  travellerBooksTheFlight,
} from '../support/e2e-users';
import { catalogueEnglish, inLanguage, said, serverCatalogue } from '../support/e2e-words';
import { Api, testUser } from '../support/pwa-api';
import {
  launchPersistent,
  loginThroughUi,
  type PwaBrowser,
  waitForServiceWorker,
} from '../support/pwa-browser';
import { until } from '../support/until';

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const DEVANAGARI = /[\u0900-\u097F]/;
const HINDI_MESSAGE = 'मैं गेट 4 के पास हूँ';

let server: E2eServer;
let browser: Browser;
let smtp: SmtpSink;

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The catalogue English a page shows (a text or a name equal to a message's English). */
async function englishShown(page: Page): Promise<string[]> {
  const english = new Set(catalogueEnglish());
  return (await visibleTexts(page)).filter((t) => english.has(t.text)).map((t) => `${t.kind}: ${t.text}`);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  const port = await freePort();
  server = await startE2eServer({ port, env: { SMTP_URL: smtp.url, APP_URL: `http://127.0.0.1:${port}` } });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.remove();
  await smtp?.close();
});

describe('a carrier in Hindi and a traveller in English', () => {
  let carrierUser: ApiUser;
  let travellerUser: ApiUser;
  let carrier: Page;
  let traveller: Page;
  let bookingId = '';

  beforeAll(async () => {
    carrierUser = await createApiUser(server.url, 'Asha Rao', '9876543210');
    travellerUser = await createApiUser(server.url, 'Meera Shah', '9000000000');
    await listOver(carrierUser, DEPARTURE, { to: 'BOM', weight: 10, cost: 800 });
    carrier = await (await browser.newContext({ viewport: PHONE })).newPage();
    traveller = await (await browser.newContext({ viewport: PHONE })).newPage();
  }, 120_000);

  it('logs the carrier in in Hindi, chosen on the login screen, and the account keeps it', async () => {
    await carrier.goto(`${server.url}/`);
    await carrier.getByRole('button', { name: 'हिन्दी' }).click();
    await carrier.getByRole('heading', { name: said('hi', 'login.title') }).waitFor();
    await carrier.getByLabel(said('hi', 'login.email')).fill(carrierUser.email);
    await carrier.getByLabel(said('hi', 'login.password'), { exact: true }).fill(carrierUser.password);
    await carrier.getByRole('button', { name: said('hi', 'login.submit') }).click();
    await carrier.getByRole('heading', { name: said('hi', 'role.title') }).waitFor();
    await carrier.getByRole('button', { name: new RegExp(`^${said('hi', 'role.carrier')}`) }).click();
    await carrier.waitForURL((u) => u.pathname !== '/choose_user_type');
    expect(await lang(carrier)).toBe('hi-IN');
    await until(
      async () =>
        (
          await carrierUser.json<{ profile: { locale: string | null } }>(
            'GET',
            `/api/profile/${carrierUser.email}`,
          )
        ).profile.locale === 'hi',
      { what: "the carrier's account in Hindi", timeoutMs: 30_000 },
    );
  });

  it('books in English, accepts in Hindi, and each gets the mail in their language', async () => {
    await loginInBrowser(traveller, server.url, travellerUser, 'traveller');
    await travellerBooksTheFlight(traveller, DEPARTURE);
    expect(await lang(traveller)).toBe('en-IN');

    const booked = await smtp.waitFor(carrierUser.email, 0, 60_000);
    expect(booked.subject).toBe(serverCatalogue('hi')['notify.book.booked.title']?.translation);
    expect(booked.text).toMatch(DEVANAGARI);
    expect(booked.text).not.toContain('A traveller booked');

    await carrier.goto(`${server.url}/carrier/orders`);
    await carrier.getByRole('button', { name: inLanguage('hi', 'Accept', 'carrier'), exact: true }).click();
    await carrier
      .getByRole('button', { name: inLanguage('hi', 'Complete', 'carrier'), exact: true })
      .waitFor();
    await synced(carrier);
    expect(await lang(carrier)).toBe('hi-IN');
    expect(await englishShown(carrier)).toEqual([]);

    const accepted = await smtp.waitFor(travellerUser.email, 0, 60_000);
    const englishTitles = Object.values(serverCatalogue('en')).map((e) => e.translation);
    expect(englishTitles).toContain(accepted.subject);
    expect(accepted.text).not.toMatch(DEVANAGARI);

    const { bookings } = await carrierUser.json<{ bookings: { listingId: string }[] }>(
      'GET',
      `/api/carrier-orders?email=${carrierUser.email}`,
    );
    bookingId = bookings[0]?.listingId.replace(/_carrier$/, '') ?? '';
    expect(bookingId).not.toBe('');
  }, 180_000);

  it('messages each other, each screen in its own language', async () => {
    const thread = `${server.url}/bookings/${bookingId}/messages`;
    await traveller.goto(thread);
    await traveller.getByRole('heading', { name: 'Messages with Asha Rao' }).waitFor();
    await traveller.getByLabel('Message', { exact: true }).fill('at gate 32');
    await traveller.getByRole('button', { name: 'Send' }).click();
    await synced(traveller);

    await carrier.goto(thread);
    const carrierLog = carrier.getByRole('log', { name: inLanguage('hi', 'Messages', 'people') });
    await carrierLog.getByText('at gate 32').waitFor({ timeout: 30_000 });
    await carrier.getByLabel(inLanguage('hi', 'Message', 'people'), { exact: true }).fill(HINDI_MESSAGE);
    await carrier.getByRole('button', { name: inLanguage('hi', 'Send', 'people'), exact: true }).click();
    await synced(carrier);
    await traveller
      .getByRole('log', { name: 'Messages' })
      .getByText(HINDI_MESSAGE)
      .waitFor({ timeout: 30_000 });

    // The carrier's screen: Hindi, and none of the catalogue's English.
    expect(await lang(carrier)).toBe('hi-IN');
    expect(await englishShown(carrier)).toEqual([]);
    await carrier.getByRole('button', { name: said('hi', 'nav.openMenu') }).waitFor();
    // The traveller's: English, Hindi only in what the carrier wrote.
    expect(await lang(traveller)).toBe('en-IN');
    const hindiOnTraveller = (await visibleTexts(traveller)).filter(
      (t) => DEVANAGARI.test(t.text) && !t.text.includes(HINDI_MESSAGE),
    );
    expect(hindiOnTraveller).toEqual([]);
    await traveller.getByRole('button', { name: 'Open menu' }).waitFor();
  }, 120_000);
});

describe('switching to Hindi offline', () => {
  let device: PwaBrowser;
  let page: Page;

  afterAll(async () => {
    await device?.close();
  });

  /** The Hindi catalogues this device's service worker holds: the shell's and every area's. */
  const cachedHindi = () =>
    page.evaluate(async () => {
      const cache = await caches.open('carry-reference-languages');
      return (await cache.keys())
        .map((r) => new URL(r.url).pathname)
        .filter((p) => /messages-(\w+-)?hi-/.test(p));
    });

  it('has loaded Hindi once (every area cached), then switches to it with no network', async () => {
    device = await launchPersistent(DESKTOP);
    page = await device.context.newPage();
    const user = testUser('Offline', Date.now().toString(36));
    await new Api(server.url).signIn(user);
    await loginThroughUi(page, server.url, user, 'Traveller');
    await waitForServiceWorker(page);
    const menu = async (name: string, choice: string) => {
      await page.getByRole('button', { name }).click();
      await page.getByRole('menuitemradio', { name: choice }).click();
    };
    await menu('Profile menu', 'हिन्दी');
    await page.getByRole('button', { name: said('hi', 'menu.button') }).waitFor();
    // Once idle the app fetches every area of the language: the shell and the five areas.
    await until(async () => (await cachedHindi()).length >= 6, {
      what: 'every Hindi catalogue in the cache',
      timeoutMs: 30_000,
    });
    await menu(said('hi', 'menu.button'), 'English');
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    await synced(page);

    await device.context.setOffline(true);
    await menu('Profile menu', 'हिन्दी');
    await page.getByRole('button', { name: said('hi', 'menu.button') }).waitFor();
    expect(await lang(page)).toBe('hi-IN');
  }, 180_000);

  it('walks home, bookings and contact offline, each in Hindi', async () => {
    const nav = page.getByRole('navigation', { name: said('hi', 'nav.main') });
    for (const id of ['nav.bookings', 'nav.contact', 'nav.home']) {
      await nav.getByRole('link', { name: said('hi', id) }).click();
      await page.waitForURL((u) => u.pathname !== '/');
      await page.getByRole('heading').first().waitFor();
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
      );
      expect(await lang(page), id).toBe('hi-IN');
      expect(await englishShown(page), id).toEqual([]);
      const main = (await page.getByRole('main').allTextContents()).join(' ');
      expect(main, id).toMatch(DEVANAGARI);
    }
    await device.context.setOffline(false);
  }, 120_000);
});
