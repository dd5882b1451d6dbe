// The whole product in real headless Chromium against the real server: a carrier and a
// traveller sign up, list, search, book, accept, complete, check profiles, contact support,
// request a courier and log out. Every screen is photographed at phone and desktop sizes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pickCode, searchFlight, shoot, synced } from '../support/e2e-browser';
import { fillCourierRequest } from '../support/e2e-courier';
import { completeWithCode, travellerHandoffCode } from '../support/e2e-handoff';
import { type E2eServer, startE2eServer } from '../support/e2e-server';

const run = Date.now().toString(36);
const CARRIER = {
  name: 'Asha Rao',
  phone: '9876543210',
  age: '34',
  gender: 'female',
  email: `asha-${run}@example.com`,
  password: 'Carry@2024',
};
const TRAVELLER = {
  name: 'Meera Shah',
  phone: '9123456780',
  age: '29',
  gender: 'female',
  email: `meera-${run}@example.com`,
  password: 'Carry@2024',
};
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

let server: E2eServer;
let browser: Browser;
let carrierCtx: BrowserContext;
let travellerCtx: BrowserContext;
let carrier: Page;
let traveller: Page;

async function signupAndLogin(page: Page, user: typeof CARRIER, shots: boolean) {
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  if (shots) await shoot(page, 'login');
  await page.getByRole('link', { name: "I Don't Have An Account" }).click();
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Phone Number').fill(user.phone);
  await page.getByLabel('Age').fill(user.age);
  await page.getByLabel('Gender').selectOption(user.gender);
  if (shots) await shoot(page, 'signup-step1');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Re-Enter Password', { exact: true }).fill(user.password);
  if (shots) await shoot(page, 'signup-step2');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Account created successfully!').waitFor();
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
}

describe('journey', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    carrierCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    travellerCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    carrier = await carrierCtx.newPage();
    traveller = await travellerCtx.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('lets a carrier sign up, log in, choose Carrier and add a listing', async () => {
    await signupAndLogin(carrier, CARRIER, true);
    await shoot(carrier, 'choose-user-type');
    await carrier.getByRole('button', { name: /Carrier/ }).click();
    await carrier.getByText('No listings found.').waitFor();
    await shoot(carrier, 'carrierhome-empty');
    await carrier.getByRole('link', { name: 'Add listing' }).click();
    await pickCode(carrier, 'From', 'DEL');
    await pickCode(carrier, 'To', 'BOM');
    await carrier.getByLabel('Departure', { exact: true }).fill(DEPARTURE);
    await carrier.getByLabel('Time').fill('09:30');
    await pickCode(carrier, 'Airline', 'AI');
    await carrier.getByLabel('Flight No').fill('AI101');
    await carrier.getByLabel('Weight (KG)').fill('10');
    await carrier.getByLabel('Cost per KG (₹)').fill('800');
    await shoot(carrier, 'add-listing');
    await carrier.getByRole('button', { name: 'Submit' }).click();
    await carrier.getByText('Uploaded Successfully!').waitFor();
    await synced(carrier);
    await expect.poll(() => carrier.getByText('Waiting to send').count()).toBe(0);
    await carrier.getByText('10 KG').waitFor();
    await shoot(carrier, 'carrierhome');
  });

  it('lets a second user search, filter and book the listing', async () => {
    await signupAndLogin(traveller, TRAVELLER, false);
    await traveller.getByRole('button', { name: /Traveller/ }).click();
    await traveller.getByRole('heading', { name: "Can't Carry Your Luggage?" }).waitFor();
    await searchFlight(traveller, { from: 'DEL', to: 'BOM', departure: DEPARTURE, flightNo: 'AI101' });
    await traveller.getByLabel('Over ₹5,000').check();
    await traveller.getByText('No listings match your current filters').waitFor();
    await traveller.getByLabel('Under ₹1,000').check();
    await traveller.getByText('Showing 1 of 1 results').waitFor();
    await shoot(traveller, 'travellerhome-results');
    await traveller.getByRole('button', { name: /Book Now/ }).click();
    await traveller.getByRole('heading', { name: 'Flight & Carrier Information' }).waitFor();
    await traveller.getByLabel('Weight (KG)').fill('2');
    await expect(traveller.getByLabel('Total price').textContent()).resolves.toBe('₹1,600');
    await shoot(traveller, 'booking');
    await traveller.reload();
    await traveller.getByRole('heading', { name: 'Flight & Carrier Information' }).waitFor();
    await traveller.getByLabel('Weight (KG)').fill('2');
    await traveller.getByRole('button', { name: 'Confirm Booking' }).click();
    await traveller.getByText('Booking Conformed').waitFor();
    await synced(traveller);
  });

  it('lets the carrier accept and then complete the booking', async () => {
    await carrier.getByRole('link', { name: 'Order History' }).click();
    await carrier.getByRole('button', { name: 'Accept', exact: true }).click();
    await carrier.getByRole('button', { name: 'Complete', exact: true }).waitFor();
    await synced(carrier);
    await completeWithCode(carrier, await travellerHandoffCode(traveller, server.url));
    await carrier.getByText('✓ Completed').waitFor();
    await synced(carrier);
    await shoot(carrier, 'carrier-orders');
  });

  it('shows the traveller the completed booking and the profile counts', async () => {
    await traveller.getByRole('link', { name: 'My Bookings' }).click();
    await traveller.getByRole('heading', { name: 'Your Bookings' }).waitFor();
    await traveller.reload();
    await traveller.getByRole('article').getByText('Completed').waitFor();
    await traveller.getByRole('button', { name: 'View Details' }).click();
    await shoot(traveller, 'mybookings');
    await traveller.goto(`${server.url}/set-profile`);
    await traveller.getByText('Gender: female').waitFor();
    const tile = traveller.getByRole('region', { name: 'Traveller bookings' });
    await expect(tile.textContent()).resolves.toContain('1Completed');
    await shoot(traveller, 'profile');
    await carrier.goto(`${server.url}/set-profile`);
    await expect(carrier.getByRole('region', { name: 'Carrier bookings' }).textContent()).resolves.toContain(
      '1Completed',
    );
  });

  it('sends a contact message', async () => {
    await traveller.getByRole('link', { name: 'Contact Us' }).click();
    await traveller.getByLabel('Your Query').fill('How do I pack liquids?');
    await shoot(traveller, 'contact');
    await traveller.getByRole('button', { name: 'Send Message' }).click();
    await traveller.getByText('Message sent successfully!').waitFor();
    await synced(traveller);
  });

  it('submits a courier request with an image and resets the form', async () => {
    await traveller.getByRole('link', { name: /choose who you are/ }).click();
    await traveller.getByRole('button', { name: /Sender/ }).click();
    await traveller.getByRole('heading', { name: 'Courier Service Request' }).waitFor();
    // A phone-size photo (2200 x 1650 JPEG of about 4 MB, at full quality, made in the page) is made smaller on
    // the device at once, and the form says by how much.
    const phonePhoto = await traveller.evaluate(async () => {
      const canvas = new OffscreenCanvas(2200, 1650);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const image = ctx.createImageData(2200, 1650);
      for (let i = 0; i < image.data.length; i += 4) {
        const x = (i / 4) % 2200;
        image.data[i] = (x * 7) % 256;
        image.data[i + 1] = 120 + Math.floor(Math.random() * 8);
        image.data[i + 2] = (i / 8800) % 256;
        image.data[i + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 1 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    });
    await traveller.getByLabel('Upload Item Image').setInputFiles({
      name: 'phone.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(phonePhoto, 'base64'),
    });
    await traveller
      .getByText(/^Photo made smaller for sending: \d+(\.\d)? (MB|KB) → \d+ KB$/)
      .waitFor({ timeout: 15_000 });
    await shoot(traveller, 'senderhome-photo-size');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await traveller
      .getByLabel('Upload Item Image')
      .setInputFiles({ name: 'bag.png', mimeType: 'image/png', buffer: png });
    await traveller.getByAltText('Preview of the item').waitFor();
    // The trip, the recipient, the declarations and the payment (issue 30), with another photo.
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    await fillCourierRequest(traveller, {
      from: 'DEL',
      to: 'BOM',
      firstDay: day(2),
      lastDay: day(8),
      weight: 1,
      description: 'Two paperback books',
      seed: 7,
    });
    await shoot(traveller, 'senderhome');
    await traveller.getByRole('button', { name: 'Submit Request' }).click();
    await traveller.getByAltText('Preview of the item').waitFor({ state: 'detached' });
    await synced(traveller);
    await expect(traveller.getByText(/not sent/).count()).resolves.toBe(0);
  });

  it('logs out and clears the stored session', async () => {
    await traveller.getByRole('button', { name: 'Profile menu' }).click();
    await traveller.getByRole('menuitem', { name: 'Logout' }).click();
    await traveller.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const keys = await traveller.evaluate(() =>
      ['token', 'email', 'name', 'phone', 'userRole'].map((k) => localStorage.getItem(k)),
    );
    expect(keys).toEqual([null, null, null, null, null]);
    await traveller.goto(`${server.url}/no-such-page`);
    await traveller.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await carrier.goto(`${server.url}/no-such-page`);
    await carrier.getByRole('heading', { name: 'Page not found' }).waitFor();
    await shoot(carrier, 'not-found');
  });
});
