// The Courier Service Request form filled as a sender would, for browser tests:
//
//   fillCourierRequest(page, trip) : every required field (route, window, weight, category, value,
//     recipient, payment, the declarations) and the item image; it does not submit.
import type { Page } from 'playwright-core';
import { pickCode } from './e2e-browser';
import { makePng } from './pwa-browser';

export interface CourierTrip {
  from: string;
  to: string;
  firstDay: string;
  lastDay: string;
  weight: number;
  description: string;
  /** Makes the image's bytes (and so its upload) differ between requests. */
  seed: number;
}

export async function fillCourierRequest(page: Page, trip: CourierTrip): Promise<void> {
  await page
    .getByLabel('Upload Item Image')
    .setInputFiles({ name: `item-${trip.seed}.png`, mimeType: 'image/png', buffer: makePng(16, trip.seed) });
  await page.getByAltText('Preview of the item').waitFor();
  await pickCode(page, 'From', trip.from);
  await pickCode(page, 'To', trip.to);
  await page.getByLabel('Earliest date').fill(trip.firstDay);
  await page.getByLabel('Latest date').fill(trip.lastDay);
  await page.getByLabel('Weight (KG)').fill(String(trip.weight));
  await page.getByLabel('Item Category').selectOption('books');
  await page.getByLabel('Declared value (₹)').fill('1500');
  await page.getByLabel('Item Description').fill(trip.description);
  await page.getByLabel('Recipient name').fill('Ravi Kumar');
  await page.getByLabel('Recipient phone').fill('9123456780');
  await page.getByLabel('Payment Mode').selectOption('UPI');
  await page.getByLabel(/holds no illegal items/).check();
  await page.getByLabel(/terms of service/).check();
  await page.getByLabel(/responsible for what the parcel contains/).check();
}
