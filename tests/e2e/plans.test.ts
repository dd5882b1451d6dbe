// Plans change in real headless Chromium against the real server, a carrier and a traveller on
// two devices: the traveller home shows the request just made; the traveller cancels from the
// booking's details (a reason first), undoes it, cancels again and the carrier sees it cancelled;
// the carrier declines with a reason (one more tap than Accept) and the traveller reads it in the
// history; the carrier edits the listing's price and withdraws it, and it leaves the traveller's
// search. Each new screen and dialog is checked with axe at 390 and 1280 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  bookResult,
  DESKTOP,
  expectNoAxeViolations,
  fillSearch,
  PHONE,
  searchFlight,
  synced,
} from '../support/e2e-browser';
import { carrierAndTravellerPerFile } from '../support/e2e-parties';
import { travellerBooksTheFlight } from '../support/e2e-users';

const WAIT = { timeout: 20_000 };
const parties = carrierAndTravellerPerFile({ viewport: DESKTOP });

/** axe at phone and desktop width, and a screenshot of each outside the repository. */
async function checked(page: Page, name: string): Promise<void> {
  for (const [size, label] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `${name} at ${label}`);
    await page.screenshot({ path: `/tmp/carry-plans-${name}-${label}.png`, fullPage: true });
  }
}

/** Sent: the Undo toast has gone (the hold is over) and nothing waits to be sent. */
async function drained(page: Page): Promise<void> {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: WAIT.timeout });
  await synced(page, WAIT.timeout);
}

async function chooseReason(
  page: Page,
  dialogName: string | RegExp,
  reason: string,
  confirm: string,
  name: string,
) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  // Nothing chosen: it says so and sends nothing.
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.getByText('Choose a reason').waitFor();
  await dialog.getByLabel(reason).check();
  await dialog.getByLabel('In your words (optional)').fill('Sorry for the change');
  await checked(page, name);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('plans change', () => {
  it('shows the request just made on the traveller home, with a link to it', async () => {
    const { traveller, departure } = parties;
    await travellerBooksTheFlight(traveller, departure);
    const panel = traveller.getByRole('region', { name: 'Your latest request' });
    await panel.getByText(/Waiting for Asha Rao to accept, until .*\d\d:\d\d/).waitFor(WAIT);
    await checked(traveller, 'recent-request');
    await panel.getByRole('link', { name: 'View request' }).click();
    await traveller.getByText('What happens next:').waitFor();
  }, 120_000);

  it('lets the traveller cancel with a reason, undo it, cancel again, and the carrier sees why', async () => {
    const { traveller, carrier } = parties;
    await traveller.getByRole('button', { name: 'Cancel booking' }).click();
    await chooseReason(
      traveller,
      'Cancel this booking?',
      'My plans changed',
      'Cancel booking',
      'traveller-cancel',
    );
    const toast = traveller.locator('[data-sonner-toast]').filter({ hasText: 'Booking cancelled' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await traveller.getByText('Undone: nothing was sent.').waitFor();
    await traveller.getByRole('article').getByText('Pending').waitFor();

    await traveller.getByRole('button', { name: 'Cancel booking' }).click();
    await chooseReason(
      traveller,
      'Cancel this booking?',
      'My plans changed',
      'Cancel booking',
      'traveller-cancel-again',
    );
    await drained(traveller);
    await carrier.getByRole('link', { name: 'Order History' }).click();
    const order = carrier.getByRole('article').first();
    await order.getByText('Cancelled').waitFor(WAIT);
    await order.getByRole('button', { name: 'View Details' }).click();
    await order.getByText('The traveller: My plans changed: Sorry for the change').waitFor();
    await checked(carrier, 'carrier-sees-cancel');
  }, 120_000);

  it('asks the carrier before a decline, with a reason the traveller reads in the history', async () => {
    const { traveller, carrier, departure } = parties;
    await traveller.getByRole('link', { name: 'Home' }).click();
    await searchFlight(traveller, { from: 'DEL', to: 'BOM', departure, flightNo: 'AI995' });
    await bookResult(traveller, 1);
    await drained(traveller);
    const pending = carrier.getByRole('article').filter({ hasText: 'Pending' });
    await pending.getByRole('button', { name: 'Decline' }).click(WAIT);
    await chooseReason(
      carrier,
      /Decline .* request\?/,
      'I cannot carry this item',
      'Decline request',
      'carrier-decline',
    );
    await drained(carrier);
    await traveller.getByRole('link', { name: 'My Bookings' }).click();
    const declined = traveller.getByRole('article').filter({ hasText: 'Rejected' });
    await declined.getByRole('button', { name: 'View Details' }).click(WAIT);
    await declined.getByText('The carrier: I cannot carry this item: Sorry for the change').waitFor();
  }, 120_000);

  it('lets the carrier edit the price and withdraw the listing, which leaves the traveller’s search', async () => {
    const { traveller, carrier, departure } = parties;
    await carrier.getByRole('link', { name: 'Home' }).click();
    await carrier.getByRole('button', { name: 'Edit' }).click();
    const edit = carrier.getByRole('dialog', { name: /Edit listing/ });
    await edit.getByLabel('Cost per KG (₹)').fill('950');
    await checked(carrier, 'edit-listing');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await carrier.getByText('₹950').waitFor(WAIT);
    await drained(carrier);

    await carrier.getByRole('button', { name: 'Withdraw' }).click(WAIT);
    await chooseReason(
      carrier,
      'Withdraw this listing?',
      'The flight changed',
      'Withdraw listing',
      'withdraw',
    );
    await carrier.getByText('Withdrawn: travellers no longer see it.').waitFor();
    await drained(carrier);
    await checked(carrier, 'withdrawn');

    // A search of the route and date (another flight number: not an earlier search's results).
    await traveller.getByRole('link', { name: 'Home' }).click();
    await fillSearch(traveller, { from: 'DEL', to: 'BOM', departure, flightNo: 'AI996' });
    await traveller.getByRole('button', { name: 'Search' }).click();
    await traveller.getByText('Our Team will contact you as soon as we find a match.').waitFor(WAIT);
    expect(await traveller.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
  }, 120_000);
});
