// A carrier and a traveller on a server of the test file's own, set up in its beforeAll and ended
// in its afterAll. The object each returns is filled in place when beforeAll has run, so a test
// reads it (or destructures it) inside its hooks and tests.
//
//   carrierAndTravellerPerFile(context options?) : OnOneBrowser
//     carrierAndTraveller (e2e-users) in two contexts of one browser: live updates, messages
//   twoDevicesPerFile(carrier, traveller, seed) : TwoDevices
//     a persistent browser each (service worker, Background Sync, offline), the app open once
//     `seed` has made their rows over the API: offline, hand-off
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './e2e-browser';
import { type E2eServer, startE2eServer } from './e2e-server';
import { carrierAndTraveller, type TwoParties } from './e2e-users';
import { Api, type TestUser } from './pwa-api';
import { launchPersistent, openApp, type PwaBrowser } from './pwa-browser';

export interface OnOneBrowser extends TwoParties {
  server: E2eServer;
  /** The flight's date, 30 days ahead (YYYY-MM-DD). */
  departure: string;
}

const in30Days = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** carrierAndTraveller on this file's server and browser, for a flight 30 days ahead. */
export function carrierAndTravellerPerFile(options: BrowserContextOptions = {}): OnOneBrowser {
  const parties = { departure: in30Days() } as OnOneBrowser;
  let browser: Browser | undefined;
  beforeAll(async () => {
    parties.server = await startE2eServer();
    browser = await launchBrowser();
    Object.assign(
      parties,
      await carrierAndTraveller(browser, parties.server.url, parties.departure, options),
    );
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await parties.server?.remove();
  });
  return parties;
}

export interface TwoDevices {
  server: E2eServer;
  carrierApi: Api;
  travellerApi: Api;
  carrierBrowser: PwaBrowser;
  travellerBrowser: PwaBrowser;
  /** The carrier's app, logged in as Carrier; a test that closes it puts the next page here. */
  carrier: Page;
  /** The traveller's app, logged in as Traveller. */
  traveller: Page;
}

/**
 * `carrier` and `traveller` signed up over the API of this file's server, `seed` run with their
 * APIs (the rows the app should find), then each one's app open in a persistent browser of their
 * own, the service worker in control.
 */
export function twoDevicesPerFile(
  carrier: TestUser,
  traveller: TestUser,
  seed: (devices: Pick<TwoDevices, 'carrierApi' | 'travellerApi'>) => Promise<void>,
): TwoDevices {
  const devices = {} as TwoDevices;
  beforeAll(async () => {
    devices.server = await startE2eServer();
    devices.carrierApi = await new Api(devices.server.url).signIn(carrier);
    devices.travellerApi = await new Api(devices.server.url).signIn(traveller);
    await seed(devices);
    [devices.carrierBrowser, devices.travellerBrowser] = await Promise.all([
      launchPersistent(),
      launchPersistent(),
    ]);
    [devices.carrier, devices.traveller] = await Promise.all([
      openApp(devices.carrierBrowser, devices.server.url, carrier, 'Carrier'),
      openApp(devices.travellerBrowser, devices.server.url, traveller, 'Traveller'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await devices.carrierBrowser?.close();
    await devices.travellerBrowser?.close();
    await devices.server?.remove();
  });
  return devices;
}
