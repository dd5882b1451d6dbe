// Chromium with a real profile for the offline suite: a persistent context keeps the service
// worker, IndexedDB and Background Sync across closed pages (an incognito context has no
// Background Sync). Also the steps every offline test repeats: log in, wait for the worker.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_ARGS } from './e2e-browser';
import type { TestUser } from './pwa-api';
import { until } from './until';

export interface PwaBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A persistent Chromium profile in a temporary folder, removed on close. */
export async function launchPersistent(
  viewport = { width: 1280, height: 800 },
  extraArgs: string[] = [],
  /** The device's language ("en-IN"): navigator.languages and Accept-Language. */
  locale?: string,
): Promise<PwaBrowser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}. Install it with \`apt-get install chromium\` or set CHROME_PATH.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'carry-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROME_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    viewport,
    ...(locale ? { locale } : {}),
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once a service worker is active and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // Polled from here: waitForFunction takes a returned promise for a truthy answer.
  await until(
    () =>
      page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
      ),
    { timeoutMs: 20_000, everyMs: 100, what: 'an activated service worker' },
  );
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

export type Role = 'Traveller' | 'Carrier' | 'Sender';

/** Logs in through the login screen and picks a role. */
export async function loginThroughUi(page: Page, url: string, user: TestUser, role: Role): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await chooseRole(page, role);
}

/** A new page of `browser` with `user` logged in as `role` and the service worker in control. */
export async function openApp(browser: PwaBrowser, url: string, user: TestUser, role: Role): Promise<Page> {
  const page = await browser.context.newPage();
  await loginThroughUi(page, url, user, role);
  await waitForServiceWorker(page);
  return page;
}

export async function chooseRole(page: Page, role: Role): Promise<void> {
  await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
  await page.getByRole('button', { name: new RegExp(role) }).click();
  await page.waitForURL((u) => u.pathname !== '/choose_user_type');
}

/** The session token the app stored at login. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small RGB PNG (a diagonal gradient), so each upload is a real, decodable image. */
export function makePng(size = 16, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push((x * 16 + seed) & 0xff, (y * 16) & 0xff, 128);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
