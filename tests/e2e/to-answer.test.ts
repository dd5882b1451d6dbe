// In Chromium against the real server (issue 28): a traveller's booking reaches the carrier's open
// Order History by the live poke: it shows first, under "To answer", with the time left; the nav
// link, the phone's menu button and the app icon's badge (the Badging API, recorded by a stand-in
// since headless Chromium is not an installed app) count it; axe finds nothing; answering it
// takes it out of the list and the counts. Then a dialog asked while a toast shows is on top.
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, PHONE } from '../support/e2e-browser';
import { carrierAndTravellerPerFile } from '../support/e2e-parties';
import { bookOver } from '../support/e2e-users';

const parties = carrierAndTravellerPerFile();
const SHOTS = process.env.SCREENSHOTS_DIR;

describe("the carrier's requests to answer", () => {
  it('a new booking shows under "To answer" at once, counted in the nav and on the app badge', async () => {
    const { carrier, carrierUser, travellerUser, server } = parties;
    await carrier.context().addInitScript(() => {
      const badges: number[] = [];
      Object.assign(window, { badges });
      Object.assign(navigator, {
        setAppBadge: async (n?: number) => void badges.push(n ?? 0),
        clearAppBadge: async () => void badges.push(0),
      });
    });
    await carrier.setViewportSize(DESKTOP);
    await carrier.goto(`${server.url}/carrier/orders`);
    await carrier.getByRole('heading', { name: 'Past Orders' }).waitFor();
    expect(await carrier.getByRole('heading', { name: 'To answer' }).count()).toBe(0);

    const listings = (await (await carrierUser.call('GET', `/api/listings/${carrierUser.email}`)).json()) as {
      id: string;
    }[];
    const booked = await bookOver(travellerUser, listings[0]?.id ?? '', 2);
    expect(booked.status).toBe(201);

    // No reload: the poke brings it.
    const toAnswer = carrier.getByRole('region', { name: 'To answer' });
    await toAnswer.getByRole('article', { name: 'DEL to BOM, Meera Shah' }).waitFor();
    expect(await toAnswer.getByText(/^Expires in 2[34] h/).count()).toBe(1);
    const nav = carrier.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /^Order History ?, 1 request to answer$/ }).waitFor();
    await expect
      .poll(() => carrier.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1)))
      .toBe(1);
    await expectNoAxeViolations(carrier, 'Order History with a request to answer, 1280');
    if (SHOTS) await carrier.screenshot({ path: `${SHOTS}/to-answer-1280.png`, fullPage: true });

    await carrier.setViewportSize(PHONE);
    await carrier.getByRole('button', { name: /^Open menu, 1 request to answer$/ }).waitFor();
    await expectNoAxeViolations(carrier, 'Order History with a request to answer, 390');
    if (SHOTS) await carrier.screenshot({ path: `${SHOTS}/to-answer-390.png`, fullPage: true });
    await carrier.setViewportSize(DESKTOP);

    await toAnswer.getByRole('button', { name: 'Accept' }).click();
    await carrier.getByRole('heading', { name: 'To answer' }).waitFor({ state: 'detached' });
    await nav.getByRole('link', { name: 'Order History', exact: true }).waitFor();
    await expect
      .poll(() => carrier.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1)))
      .toBe(0);
  });

  it('asks "Discard unsent changes?" over the toasts, its text uncovered', async () => {
    const { carrier, server } = parties;
    await carrier.setViewportSize(PHONE);
    await carrier.goto(`${server.url}/contact`);
    await carrier.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await carrier.context().setOffline(true);
    try {
      await carrier.getByLabel('Your Query').fill('Where is my bag?');
      await carrier.getByRole('button', { name: 'Send Message' }).click();
      await carrier.locator('[data-sonner-toast]').first().waitFor();
      await carrier.getByRole('button', { name: /^Open menu/ }).waitFor();
      await carrier.getByRole('button', { name: 'Profile menu' }).click();
      await carrier.getByRole('menuitem', { name: 'Logout' }).click();
      const dialog = carrier.getByRole('alertdialog', { name: 'Discard unsent changes?' });
      await dialog.waitFor();
      const layers = await carrier.evaluate(() => {
        const box = document.querySelector('[role="alertdialog"]') as HTMLElement;
        const overlay = box.parentElement as HTMLElement;
        const toaster = document.querySelector('[data-sonner-toaster]');
        const toast = document.querySelector('[data-sonner-toast]');
        const topAt = (el: Element) => {
          const r = el.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        };
        const text = box.querySelector('p') as HTMLElement;
        return {
          inBody: overlay.parentElement === document.body,
          overlayZ: Number(getComputedStyle(overlay).zIndex),
          toasterZ: toaster ? Number(getComputedStyle(toaster).zIndex) : null,
          // What is on top where the toast is: the dialog's overlay, not the toast.
          toastOnTop: toast ? toast.contains(topAt(toast)) : null,
          textOnTop: box.contains(topAt(text)),
        };
      });
      expect(layers.inBody).toBe(true);
      expect(layers.textOnTop).toBe(true);
      if (layers.toasterZ !== null) expect(layers.overlayZ).toBeGreaterThan(layers.toasterZ);
      if (layers.toastOnTop !== null) expect(layers.toastOnTop).toBe(false);
      if (SHOTS) await carrier.screenshot({ path: `${SHOTS}/discard-over-toast-390.png` });
      await dialog.getByRole('button', { name: 'Stay logged in' }).click();
    } finally {
      await carrier.context().setOffline(false);
      await carrier.setViewportSize(DESKTOP);
    }
  });
});
