// The machine's Chromium, headless, for the browser tests and the browser benchmarks: plain
// JavaScript, so that a benchmark run by plain node (scripts/bench/browser.mjs) shares it too.
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

export async function launchBrowser() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}. Install it with \`apt-get install chromium\` or set CHROME_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_ARGS });
}
