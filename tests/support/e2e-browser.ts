// Headless Chromium for end-to-end tests, and the screenshot helper (every screen at a phone
// and a desktop size, into tests/e2e/screenshots/).
import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

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
export const SCREENSHOT_DIR = 'tests/e2e/screenshots';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}. Install it with \`apt-get install chromium\` or set CHROME_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** Saves `<name>-390.png` and `<name>-1280.png` (failing when the phone layout scrolls sideways), then restores the desktop size. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-390.png`, fullPage: true });
  // Nothing may reach past the phone's right edge (a page scrolling sideways), nor past the right
  // edge of the box it sits in (a field sticking out of its card). Strips meant to scroll
  // (overflow-x auto) and positioned layers (menus, toasts) are exempt; 4 px allows for small
  // negative margins.
  const overflow = await page.evaluate(() => {
    const exempt = (el: Element) => {
      for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (p !== el && ['auto', 'scroll'].includes(style.overflowX)) return true;
        if (style.position === 'fixed' || style.position === 'absolute') return true;
      }
      return false;
    };
    let worst = document.documentElement.scrollWidth - window.innerWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !parent || exempt(el)) continue;
      const past = Math.max(r.right - window.innerWidth, r.right - parent.right - 4);
      worst = Math.max(worst, Math.round(past));
    }
    return worst;
  });
  if (overflow > 0)
    throw new Error(`${name} at ${PHONE.width}px: content sticks out ${overflow}px past its box`);
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true });
}
