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
});
