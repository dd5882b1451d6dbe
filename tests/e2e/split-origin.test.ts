// A split deployment: the app on one origin, the API on another (VITE_API_URL at build time,
// CORS_ORIGINS on the API). The page and the service worker both call the API's origin, and a
// change queued offline reaches it once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synced } from '../support/e2e-browser';
import { type E2eServer, freePort, startE2eServer } from '../support/e2e-server';
import { Api, testUser } from '../support/pwa-api';
import {
  launchPersistent,
  loginThroughUi,
  type PwaBrowser,
  waitForServiceWorker,
} from '../support/pwa-browser';

const USER = testUser('Split', Date.now().toString(36));
let api: E2eServer;
let app: E2eServer;
let browser: PwaBrowser;
let page: Page;
let distDir: string;
const requests: string[] = [];

beforeAll(async () => {
  const [apiPort, appPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  distDir = mkdtempSync(join(tmpdir(), 'carry-split-dist-'));
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: apiUrl },
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed with status ${build.status}`);
  api = await startE2eServer({
    port: apiPort,
    staticDir: distDir,
    env: { CORS_ORIGINS: appUrl, PUBLIC_URL: apiUrl },
  });
  // The app's host allows its pages to call the API's origin (Content-Security-Policy).
  app = await startE2eServer({ port: appPort, staticDir: distDir, env: { VITE_API_URL: apiUrl } });
  await new Api(api.url).signIn(USER);
  browser = await launchPersistent();
  page = await browser.context.newPage();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/(api|auth)\//.test(url.pathname)) requests.push(`${url.origin}${url.pathname}`);
  });
  await loginThroughUi(page, app.url, USER, 'Sender');
  await waitForServiceWorker(page);
});

afterAll(async () => {
  await browser?.close();
  await app?.remove();
  await api?.remove();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe('split deployment', () => {
  it("sends every call to the API's origin and delivers a change queued offline", async () => {
    await page.context().setOffline(true);
    await page.goto(`${app.url}/contact`);
    await page.getByLabel('Your Query').fill('Sent from the app origin');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent successfully!').waitFor();
    await page.getByText('1 change waiting to be sent').waitFor();
    await page.context().setOffline(false);
    await synced(page);

    const db = await (async () => {
      await api.stop();
      return api.openDatabase();
    })();
    try {
      const { contactMessages } = await import('../../src/server/db/schema');
      const rows = await db.db.select().from(contactMessages);
      expect(rows.map((r) => r.message)).toEqual(['Sent from the app origin']);
    } finally {
      await db.close();
    }
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((u) => !u.startsWith(api.url))).toEqual([]);
  });
});
