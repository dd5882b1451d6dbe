// Live pokes in real headless Chromium: carrier and traveller in two browser contexts on one
// server. The traveller books; the carrier's open Order History shows the booking with no
// navigation or reload; the carrier accepts; the traveller's open My Bookings shows Accepted, also
// with no navigation, and says so to screen readers.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, navigations } from '../support/e2e-browser';
import { carrierAndTravellerPerFile } from '../support/e2e-parties';
import { travellerBooksTheFlight } from '../support/e2e-users';

/** Within this a poke's pull has long landed; no screen here is refreshed by anything else. */
const LIVE = { timeout: 10_000 };

const parties = carrierAndTravellerPerFile({ viewport: DESKTOP });

const announcer = (page: Page) => page.locator('#booking-announcements');

describe('live: the other party sees a change without navigating', () => {
  it('the carrier’s open Order History shows a new booking; the traveller’s My Bookings shows Accepted', async () => {
    const { carrier, traveller, departure } = parties;
    await carrier.getByRole('link', { name: 'Order History' }).click();
    await carrier.getByText('No orders found.').waitFor();
    const carrierNavigations = navigations(carrier);

    // The traveller finds and books the flight.
    await travellerBooksTheFlight(traveller, departure);

    await carrier.getByRole('article').getByText('Pending').waitFor(LIVE);
    await expect.poll(() => announcer(carrier).textContent(), LIVE).toBe('New booking AI995.');
    expect(carrierNavigations()).toBe(0);

    await traveller.getByRole('link', { name: 'My Bookings' }).click();
    await traveller.getByRole('article').getByText('Pending').waitFor();
    const travellerNavigations = navigations(traveller);

    await carrier.getByRole('button', { name: 'Accept', exact: true }).click();
    await traveller.getByRole('article').getByText('Accepted').waitFor(LIVE);
    await expect.poll(() => announcer(traveller).textContent(), LIVE).toBe('Booking AI995 accepted.');
    expect(travellerNavigations()).toBe(0);
    expect(carrierNavigations()).toBe(0);
  }, 120_000);
});
