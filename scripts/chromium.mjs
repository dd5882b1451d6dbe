// The machine's Chromium, headless, and the two window sizes the app is judged at: shared by the
// browser tests, the browser benchmarks and the screenshot tools. Plain JavaScript, so that a
// script run by plain node shares it too.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function launchBrowser() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}. Install it with \`apt-get install chromium\` or set CHROME_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_ARGS });
}
