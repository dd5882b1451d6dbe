// axe-core on every route of every role, logged in (and the two entry screens logged out), at a
// phone (390 px) and a desktop (1280 px) width: any violation, of any impact, fails the test.
// The carrier has a listing with a pending and an accepted booking, so the order actions
// (Accept, Decline, Cancel, Complete) and the booking details are on screen.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsSettled,
  axeViolations,
  DESKTOP,
  fillSearch,
  launchBrowser,
  PHONE,
} from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { type ApiUser, bookOver, createApiUser, listOver, loginInBrowser } from '../support/e2e-users';

/** Stands for the seeded conversation's path, known once the booking is made. */
const THREAD = '/bookings/:thread/messages';
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

let server: E2eServer;
let browser: Browser;
let carrier: ApiUser;
let traveller: ApiUser;
/** The accepted booking, whose conversation has a message from each side. */
let threadId = '';

/** Opens `path` at both widths and returns every violation found, as readable lines. */
async function violations(
  page: Page,
  path: string,
  ready: string | RegExp,
  prepare?: (p: Page) => Promise<void>,
): Promise<string[]> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { name: ready }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await prepare?.(page);
  const found: string[] = [];
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // The new layout is in: the window has the width, and two frames have been drawn since.
    await page.waitForFunction((width) => window.innerWidth === width, size.width);
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
    );
    for (const v of await axeViolations(page)) {
      const targets = v.nodes.map((n) => n.target.join(' ')).join(', ');
      found.push(`${path} @${size.width}px ${v.id} (${v.impact}): ${v.help} [${targets}]`);
    }
  }
  return found;
}

async function seedBookings() {
  const listingId = await listOver(carrier, DEPARTURE);
  const book = (weight: number) => bookOver(traveller, listingId, weight);
  expect((await book(2)).ok).toBe(true);
  expect((await book(3)).ok).toBe(true);
  const orders = (await (await carrier.call('GET', `/api/carrier-orders?email=${carrier.email}`)).json()) as {
    bookings: { listingId: string }[];
  };
  const first = orders.bookings[0]?.listingId.replace(/_carrier$/, '');
  const accepted = await carrier.call('PUT', '/api/bookings/update-status', {
    listingId: first,
    status: 'accepted',
  });
  expect(accepted.ok).toBe(true);
  threadId = first ?? '';
  for (const [who, text] of [
    [traveller, 'at gate 32'],
    [carrier, 'On my way'],
  ] as const) {
    const res = await who.call('POST', `/api/bookings/${threadId}/messages`, { text });
    expect(res.status).toBe(201);
  }
}

/** Submits the form empty, so its error messages are on screen too. */
const submitEmpty = (button: string) => async (p: Page) => {
  await p.getByRole('button', { name: button }).click();
  await p.locator('[aria-invalid="true"]').first().waitFor();
};

describe('axe on every route', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    carrier = await createApiUser(server.url, 'Asha Rao', '9876543210');
    traveller = await createApiUser(server.url, 'Meera Shah', '9123456780');
    await seedBookings();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('finds nothing on the entry screens, logged out', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const found = [
      ...(await violations(page, '/', 'Welcome back')),
      ...(await violations(page, '/signup', 'Create your account')),
      ...(await violations(
        page,
        '/forgot-password',
        'Forgot your password?',
        submitEmpty('Send Reset Link'),
      )),
      ...(await violations(page, '/reset-password?token=x', 'Choose a new password')),
      ...(await violations(
        page,
        `/reset-password?token=${'A'.repeat(43)}`,
        'Choose a new password',
        submitEmpty('Set New Password'),
      )),
    ];
    await page.close();
    expect(found).toEqual([]);
  });

  it('finds nothing on a toast of each kind the app shows, fully shown', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const found: string[] = [];
    /** Waits for a toast of `type` to be in, its entrance over, and runs axe on the page. */
    const judge = async (type: 'error' | 'success' | 'info') => {
      await page.locator(`[data-sonner-toast][data-type="${type}"][data-mounted="true"]`).first().waitFor();
      await animationsSettled(page);
      for (const v of await axeViolations(page))
        found.push(
          `${type} toast: ${v.id}: ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`,
        );
    };
    await page.goto(`${server.url}/`);
    await page.getByLabel('Email Address').fill(traveller.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong@Pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await judge('error');
    await page.getByLabel('Password', { exact: true }).fill(traveller.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await judge('success');
    await page.getByRole('button', { name: /^traveller/i }).click();
    // A search with no listing on it: 'No listings found matching your criteria.'
    await fillSearch(page, { from: 'BOM', to: 'MAA', departure: DEPARTURE, flightNo: 'AI999' });
    await page.getByRole('button', { name: 'Search' }).click();
    await judge('info');
    await page.close();
    expect(found).toEqual([]);
  });

  /** Opens the first booking's details (status history, and contact once accepted). */
  const openDetails = async (p: Page) => {
    await p.getByRole('button', { name: 'View Details' }).first().click();
    await p.getByRole('region', { name: 'Status history' }).first().waitFor();
  };
  /** Opens the profile menu (Profile, Notifications, Logout). */
  const openProfileMenu = async (p: Page) => {
    await p.getByRole('button', { name: 'Profile menu' }).click();
    await p.getByRole('menu', { name: 'Profile' }).waitFor();
  };
  /** One more message of mine (Sending, then a tick) beside the two seeded ones. */
  const sendOne = async (p: Page) => {
    await p.getByRole('log', { name: 'Messages' }).getByText('On my way').waitFor();
    await p.getByLabel('Message', { exact: true }).fill('See you at the gate');
    await p.getByRole('button', { name: 'Send' }).click();
    await p.getByRole('log', { name: 'Messages' }).getByText('See you at the gate').waitFor();
  };
  /** The Report confirmation over the thread. */
  const reportDialog = async (p: Page) => {
    await p.getByRole('button', { name: 'Report this message' }).first().click();
    await p.getByRole('dialog', { name: 'Report this message?' }).waitFor();
  };
  type Visit = [string, string | RegExp, ((p: Page) => Promise<void>)?];
  const ROUTES: Record<'traveller' | 'carrier' | 'sender', Visit[]> = {
    traveller: [
      ['/choose_user_type', 'Who are you?'],
      ['/travellerhome', "Can't Carry Your Luggage?"],
      ['/mybookings', 'Your Bookings', openDetails],
      ['/booking', 'Confirm Your Booking'],
      ['/contact', "We'd love to hear from you!"],
      ['/set-profile', 'Your bookings', openProfileMenu],
      [THREAD, /^Messages with/, sendOne],
    ],
    carrier: [
      ['/carrierhome', 'Your Listings'],
      ['/carrier/orders', 'Past Orders', openDetails],
      ['/carrier/add-listing', 'Add Listing'],
      [THREAD, /^Messages with/, reportDialog],
      ['/contact', "We'd love to hear from you!"],
      ['/set-profile', 'Your bookings'],
    ],
    sender: [
      ['/senderhome', 'Courier Service Request'],
      ['/profile', 'Your bookings'],
    ],
  };

  for (const role of ['traveller', 'carrier', 'sender'] as const) {
    it(`finds nothing on any ${role} route at 390 and 1280 px`, async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await loginInBrowser(page, server.url, role === 'carrier' ? carrier : traveller, role);
      const found: string[] = [];
      for (const [path, heading, prepare] of ROUTES[role])
        found.push(
          ...(await violations(
            page,
            path.replace(THREAD, `/bookings/${threadId}/messages`),
            heading,
            prepare,
          )),
        );
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
