// Headless Chromium for end-to-end tests, and the screenshot helper (every screen at a phone
// and a desktop size, into tests/e2e/screenshots/).
import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SCREENSHOT_DIR = 'tests/e2e/screenshots';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}. Install it with \`apt-get install chromium\` or set CHROME_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ARGS });
}

/** Saves `<name>-390.png` and `<name>-1280.png`, then restores the desktop size. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true });
}
