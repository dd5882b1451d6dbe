// The authenticated layout route and My Bookings' tab in the URL, in real Chromium: a deep link
// opened logged out goes to login with the screen as ?redirect= and opens it after login; the tab
// is in the URL, so back, forward and reload keep it. Axe runs on both screens, and both are
// photographed (tests/e2e/screenshots/login-redirect-*.png, mybookings-tab-*.png).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, PHONE, shoot } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { type ApiUser, bookOver, createApiUser, listOver } from '../support/e2e-users';

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

let server: E2eServer;
let browser: Browser;
let page: Page;
let traveller: ApiUser;

const pressed = (name: string) =>
  page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
const search = () => new URL(page.url()).search;

describe('routes behind the login', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    const carrier = await createApiUser(server.url, 'Asha Rao', '9876543210');
    traveller = await createApiUser(server.url, 'Meera Shah', '9123456780');
    const booked = await bookOver(traveller, await listOver(carrier, DEPARTURE), 2);
    expect(booked.ok).toBe(true);
    page = await browser.newPage({ viewport: PHONE });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('sends a deep link opened logged out to login with its target, and opens it after login', async () => {
    await page.goto(`${server.url}/mybookings?tab=upcoming`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('redirect')).toBe('/mybookings?tab=upcoming');
    await expectNoAxeViolations(page, 'login with a redirect');
    await shoot(page, 'login-redirect');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Email Address').fill(traveller.email);
    await page.getByLabel('Password', { exact: true }).fill(traveller.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Your Bookings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mybookings');
    expect(search()).toBe('?tab=upcoming');
    expect(await pressed('Upcoming')).toBe('true');
    await page.getByRole('article').first().waitFor();
  });

  it("keeps My Bookings' tab in the URL across back, forward and reload", async () => {
    await page.getByRole('button', { name: 'Cancelled', exact: true }).click();
    await page.getByText('No bookings found.').waitFor();
    expect(search()).toBe('?tab=cancelled');
    // Login's toast, mid fade-out, is no part of this screen.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, 'My Bookings, Cancelled');
    await shoot(page, 'mybookings-tab-cancelled');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goBack();
    await page.getByRole('article').first().waitFor();
    expect(search()).toBe('?tab=upcoming');
    expect(await pressed('Upcoming')).toBe('true');
    // The row of tabs scrolls sideways on a phone: the chosen one is scrolled back into it.
    const box = await page.getByRole('button', { name: 'Upcoming', exact: true }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);
    await shoot(page, 'mybookings-tab-upcoming');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goForward();
    await page.getByText('No bookings found.').waitFor();
    expect(await pressed('Cancelled')).toBe('true');
    await page.reload();
    await page.getByText('No bookings found.').waitFor();
    expect(search()).toBe('?tab=cancelled');
    expect(await pressed('Cancelled')).toBe('true');
  });
});
