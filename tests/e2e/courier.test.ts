// A sender's courier request in real headless Chromium against the real server (issue 30): the
// empty form names every missing field at once; a complete request made offline shows at once in
// "My courier requests" (waiting to send), goes when the network is back, is matched by a
// carrier's new listing (the poke brings it), booked with "Book this" and delivered. "Switch role"
// leads out of the sender's screens. axe runs on the new screens at 390 and 1280 px; screenshots.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, PHONE, shoot } from '../support/e2e-browser';
import { fillCourierRequest } from '../support/e2e-courier';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { listingBody } from '../support/e2e-users';
import { Api, testUser } from '../support/pwa-api';
import { launchPersistent, openApp, type PwaBrowser } from '../support/pwa-browser';

const run = Date.now().toString(36);
const CARRIER = testUser('Carrier', run);
const SENDER = testUser('Sender', run);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const poll = { timeout: 30_000, interval: 250 };

let server: E2eServer;
let carrierApi: Api;
let senderApi: Api;
let browser: PwaBrowser;
let page: Page;

/** axe at the phone's width and the desktop's, then back to the desktop. */
async function axeBothWidths(name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, `${name} at 390`);
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, `${name} at 1280`);
}

async function openFromMenu(item: string): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('a courier request', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    carrierApi = await new Api(server.url).signIn(CARRIER);
    senderApi = await new Api(server.url).signIn(SENDER);
    browser = await launchPersistent();
    page = await openApp(browser, server.url, SENDER, 'Sender');
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('refuses the empty request naming every missing field at once', async () => {
    await page.goto(`${server.url}/senderhome`);
    await page.getByRole('heading', { name: 'Courier Service Request' }).waitFor();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of [
      'From is required',
      'To is required',
      'Earliest date is required',
      'Latest date is required',
      'Weight is required',
      'Item Category is required',
      'Declared value is required',
      'Recipient name is required',
      'Phone number is required',
      'Payment Mode is required',
      'Please confirm the parcel holds no illegal or forbidden items',
      'Please agree to the terms of service',
      'Please confirm you are responsible for the contents',
    ])
      await page.getByText(message).first().waitFor();
    await shoot(page, 'courier-form-errors');
    await axeBothWidths('courier form with errors');
  });

  it('is made offline, listed, matched, booked and delivered', async () => {
    await page.goto(`${server.url}/senderhome`);
    await page.getByRole('heading', { name: 'Courier Service Request' }).waitFor();
    await page.context().setOffline(true);
    await fillCourierRequest(page, {
      from: 'DEL',
      to: 'GOI',
      firstDay: day(5),
      lastDay: day(12),
      weight: 2,
      description: 'Two paperback books',
      seed: 3,
    });
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Courier request submitted!').waitFor();

    await openFromMenu('My courier requests');
    await page.getByRole('heading', { name: 'My courier requests' }).waitFor();
    const card = page.getByRole('link', { name: /Dabolim|Goa|GOI/ });
    await card.getByText('Waiting to send').waitFor();
    await card.getByText('Submitted').waitFor();
    await shoot(page, 'courier-requests-offline');

    await page.context().setOffline(false);
    await expect.poll(() => page.getByText('Waiting to send').count(), poll).toBe(0);

    // A carrier lists a flight on the route and dates: the request is matched (a poke, a pull).
    const { listing } = await carrierApi.json<{ listing: { id: string } }>(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(CARRIER, day(8), { to: 'GOI', flightNo: 'AI883', weight: 10, cost: 300 }),
    );
    await card.getByText('Matched with a carrier').waitFor({ timeout: 30_000 });
    await shoot(page, 'courier-requests-matched');
    await axeBothWidths('My courier requests');

    await card.click();
    await page.getByRole('heading', { name: 'Courier request' }).waitFor();
    await page.getByText('Carriers on your route and dates').waitFor();
    await shoot(page, 'courier-request-matched');
    await axeBothWidths('courier request details');
    await page.getByRole('button', { name: /Book this: AI883/ }).click();
    await page.getByText('Booking Conformed').waitFor();
    await page.getByText('Booked', { exact: true }).first().waitFor();
    await expect
      .poll(async () => (await senderApi.orders(SENDER.email)).map((o) => o.weight), poll)
      .toEqual([2]);

    // The carrier accepts and completes with the sender's hand-off code: delivered.
    const [booking] = await carrierApi.carrierOrders(CARRIER.email);
    const bookingId = booking?.id ?? '';
    expect(booking?.listingId).toContain(bookingId);
    await carrierApi.json('PUT', '/api/bookings/update-status', { listingId: bookingId, status: 'accepted' });
    const mine = await senderApi.json<{ bookings: { id: string; handoffCode?: string }[] }>(
      'GET',
      `/api/orders?email=${encodeURIComponent(SENDER.email)}`,
    );
    const handoffCode = mine.bookings.find((b) => b.id === bookingId)?.handoffCode;
    await carrierApi.json('PUT', '/api/bookings/update-status', {
      listingId: bookingId,
      status: 'completed',
      handoffCode,
    });
    await page.getByText('Delivered', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText('The carrier handed the item over', { exact: false }).waitFor();
    await shoot(page, 'courier-request-delivered');
    expect(listing.id).toBeTruthy();
  });

  it('leads out of the sender role through Switch role, whose screen says where it is', async () => {
    await openFromMenu('Switch role');
    await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    await page.getByText(/Switch role is in the profile menu/).waitFor();
  });
});
