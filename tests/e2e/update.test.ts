// A new version of the app in real Chromium: the waiting service worker shows 'A new version is
// available' with Reload; Reload activates it and reloads the page once (no loop), and every other
// open tab of the old version once too; a change queued before the update survives it and is
// delivered once afterwards.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, type E2eServer, freePort, startE2eServer } from '../support/e2e-server';
import { Api, testUser } from '../support/pwa-api';
import {
  launchPersistent,
  loginThroughUi,
  type PwaBrowser,
  waitForServiceWorker,
} from '../support/pwa-browser';

const NEW_PHONE = '+91 99999 00000';
const MESSAGE = 'Queued before the update';
const USER = testUser('Updater', Date.now().toString(36));

let root: string;
let newBuild: string;
let server: E2eServer;
let browser: PwaBrowser;
let page: Page;
let port: number;
let dataDir: string;

/** The same app with another support phone: new bundle hashes, so a new service worker. */
function buildNewVersion(outDir: string): void {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', VITE_SUPPORT_PHONE: NEW_PHONE },
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed with status ${build.status}`);
}

/** Entries in the app's outbox (its IndexedDB database is 'carry'). */
function waiting(page: Page): Promise<number> {
  return page.evaluate(async () => {
    return await new Promise<number>((resolve) => {
      const open = indexedDB.open('carry');
      open.onsuccess = () => {
        const tx = open.result.transaction('outbox', 'readonly');
        const count = tx.objectStore('outbox').count();
        count.onsuccess = () => resolve(count.result);
      };
    });
  });
}

describe('update', () => {
  beforeAll(async () => {
    buildOnce();
    root = mkdtempSync(join(tmpdir(), 'carry-update-'));
    newBuild = join(root, 'dist-new');
    dataDir = join(root, 'data');
    buildNewVersion(newBuild);
    port = await freePort();
    server = await startE2eServer({ port, dataDir });
    await new Api(server.url).signIn(USER);
    browser = await launchPersistent();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
    rmSync(root, { recursive: true, force: true });
  });

  it('asks before switching to a new version, reloads once, and keeps the queued change', async () => {
    await loginThroughUi(page, server.url, USER, 'Traveller');
    await page.goto(`${server.url}/contact`);
    await waitForServiceWorker(page);
    const supportPhone = page.getByRole('link', { name: /Support phone/ });
    expect(await supportPhone.textContent()).not.toContain(NEW_PHONE);

    // A message that cannot get through yet: it waits in the outbox across the update.
    await browser.context.route('**/api/sync/push', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Your Query').fill(MESSAGE);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(/1 change waiting to be sent/).waitFor();
    // A second tab of the same version, left open through the update.
    const other = await browser.context.newPage();
    await other.goto(`${server.url}/contact`);
    const otherPhone = other.getByRole('link', { name: /Support phone/ });
    await otherPhone.waitFor();

    // The new version goes live on the same origin and data.
    await server.stop();
    server = await startE2eServer({ port, dataDir, staticDir: newBuild });
    await page.reload();

    const reload = page.getByRole('button', { name: 'Reload' });
    await reload.waitFor({ timeout: 30_000 });
    await page.getByText('A new version is available').waitFor();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    let otherNavigations = 0;
    other.on('framenavigated', (frame) => {
      if (frame === other.mainFrame()) otherNavigations += 1;
    });
    await reload.click();
    await supportPhone.filter({ hasText: NEW_PHONE }).waitFor({ timeout: 30_000 });
    // The other tab did not accept anything, and still runs the new version now.
    await otherPhone.filter({ hasText: NEW_PHONE }).waitFor({ timeout: 30_000 });
    // A loop would keep navigating on each change of controller or each update prompt. Once each
    // tab is controlled by the one active worker, with none installing or waiting, and shows no
    // prompt, nothing is left to start another navigation.
    for (const tab of [page, other]) {
      await tab.getByText('A new version is available').waitFor({ state: 'detached' });
      // Polled from here: waitForFunction takes a returned promise for a truthy answer.
      await expect
        .poll(
          () =>
            tab.evaluate(async () => {
              const registration = await navigator.serviceWorker.ready;
              return (
                !registration.installing &&
                !registration.waiting &&
                navigator.serviceWorker.controller?.scriptURL === registration.active?.scriptURL
              );
            }),
          { timeout: 30_000 },
        )
        .toBe(true);
    }
    expect(navigations).toBe(1);
    expect(otherNavigations).toBe(1);
    await other.close();
    expect(await waiting(page)).toBe(1);

    // The change made before the update is delivered once by the new version.
    await browser.context.unroute('**/api/sync/push');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => waiting(page), { timeout: 30_000 }).toBe(0);
    await server.stop();
    const database = await server.openDatabase();
    try {
      const { contactMessages } = await import('../../src/server/db/schema');
      const rows = await database.db.select().from(contactMessages);
      expect(rows.filter((r) => r.message === MESSAGE)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
