// Hindi or English in real headless Chromium on the built app (issue 32): a browser whose first
// language is Hindi opens the login screen in Hindi (`lang="hi-IN"`, axe clean at 390 and 1280 px);
// the switch re-renders in place, no navigation; once loaded, each language's messages come from
// the service worker's cache, so a reload and a switch work offline.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, navigations, PHONE, shoot } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { Api, testUser } from '../support/pwa-api';
import {
  launchPersistent,
  loginThroughUi,
  type PwaBrowser,
  waitForServiceWorker,
} from '../support/pwa-browser';
import { until } from '../support/until';

let server: E2eServer;
let browser: PwaBrowser;
let page: Page;

const lang = () => page.evaluate(() => document.documentElement.lang);

describe('languages', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchPersistent(PHONE);
    // The browser's own languages: Hindi first, as on a phone set to Hindi.
    await browser.context.addInitScript(() => {
      Object.defineProperty(navigator, 'languages', { get: () => ['hi-IN', 'hi', 'en-IN'] });
    });
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('opens in Hindi for a Hindi browser, axe clean at both sizes', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'फिर से स्वागत है' }).waitFor();
    expect(await lang()).toBe('hi-IN');
    await expect(page.getByLabel('ईमेल पता').isVisible()).resolves.toBe(true);
    await shoot(page, 'login-hindi');
    await expectNoAxeViolations(page, 'login in Hindi at 390 px');
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, 'login in Hindi at 1280 px');
    await page.setViewportSize(PHONE);
  });

  it('switches to English in place and remembers it', async () => {
    await waitForServiceWorker(page);
    const navigated = navigations(page);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await lang()).toBe('en-IN');
    expect(navigated()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('carry.locale'))).toBe('en');
  });

  it('reloads and switches offline from the cached messages', async () => {
    await browser.context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await page.getByRole('button', { name: 'हिन्दी' }).click();
      await page.getByRole('heading', { name: 'फिर से स्वागत है' }).waitFor();
      expect(await lang()).toBe('hi-IN');
    } finally {
      await browser.context.setOffline(false);
    }
  });

  it('switches a signed-in traveller from the profile menu, and the account keeps it', async () => {
    const user = testUser('Hindi', Date.now().toString(36));
    const api = await new Api(server.url).signIn(user);
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'English' }).click();
    await loginThroughUi(page, server.url, user, 'Traveller');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitemradio', { name: 'हिन्दी' }).click();
    await page.getByRole('button', { name: 'प्रोफ़ाइल मेन्यू' }).waitFor();
    expect(await lang()).toBe('hi-IN');
    await shoot(page, 'profile-menu-hindi');
    await expectNoAxeViolations(page, 'profile menu in Hindi at 390 px');
    await until(
      async () =>
        (await api.json<{ profile: { locale: string | null } }>('GET', `/api/profile/${user.email}`)).profile
          .locale === 'hi',
      { what: 'the account language saved on the server', timeoutMs: 30_000 },
    );
  });
});
