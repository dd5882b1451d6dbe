// Headless Chromium for end-to-end tests, the screenshot helper (every screen at a phone and a
// desktop size, into tests/e2e/screenshots/), and the steps many tests take: the search form, axe.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../../scripts/chromium.mjs';
import { until } from './until';

export { CHROME_PATH, CHROMIUM_ARGS, DESKTOP, launchBrowser, PHONE } from '../../scripts/chromium.mjs';
export const SCREENSHOT_DIR = 'tests/e2e/screenshots';

/** Saves `<name>-390.png` and `<name>-1280.png` (failing when the phone layout scrolls sideways), then restores the desktop size. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-390.png`, fullPage: true });
  const { px: overflow, what } = await sidewaysOverflow(page);
  if (overflow > 0)
    throw new Error(`${name} at ${PHONE.width}px: ${what} sticks out ${overflow}px past its box`);
  // Every visible text must stand out from what is behind it (WCAG contrast 3:1 at least; a
  // white-on-white panel fails). Text over a background image or gradient is not judged.
  // Colours in the middle of a transition (a tab just chosen) are neither the old nor the new
  // ones: judge the page once its finite animations have ended.
  await animationsSettled(page);
  const faint = await page.evaluate(() => {
    // Computed colours may be oklch (Tailwind 4): paint one pixel to read them back as sRGB.
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const rgba = (c: string): number[] => {
      if (!ctx) return [0, 0, 0, 1];
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const lum = ([r = 0, g = 0, b = 0]: number[]) => {
      const f = (v: number) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const backdrop = (el: Element): number[] | null => {
      for (let p: Element | null = el; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.backgroundImage !== 'none') return null;
        const c = rgba(style.backgroundColor);
        if ((c[3] ?? 1) > 0.5) return c;
      }
      return [255, 255, 255];
    };
    const found: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      const r = el.getBoundingClientRect();
      if (!own || r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const bg = backdrop(el);
      if (!bg) continue;
      const [hi = 0, lo = 0] = [lum(rgba(getComputedStyle(el).color)), lum(bg)].sort((a, b) => b - a);
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < 3) found.push(`"${el.textContent?.trim().slice(0, 40)}" (${ratio.toFixed(2)}:1)`);
    }
    return found;
  });
  if (faint.length > 0) throw new Error(`${name}: text too faint to read: ${faint.join(', ')}`);
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true });
}

/**
 * How far the page reaches sideways at its current size, and what reaches furthest: nothing may
 * reach past the window's right edge (a page scrolling sideways), nor past the right edge of the
 * box it sits in (a field sticking out of its card). Strips meant to scroll (overflow-x auto) and
 * positioned layers (menus, toasts) are exempt; 4 px allows for small negative margins.
 */
export function sidewaysOverflow(page: Page): Promise<{ px: number; what: string }> {
  return page.evaluate(() => {
    const exempt = (el: Element) => {
      for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (p !== el && ['auto', 'scroll'].includes(style.overflowX)) return true;
        if (style.position === 'fixed' || style.position === 'absolute') return true;
      }
      return false;
    };
    let worst = { px: document.documentElement.scrollWidth - window.innerWidth, what: 'the page' };
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !parent || exempt(el)) continue;
      const past = Math.round(Math.max(r.right - window.innerWidth, r.right - parent.right - 4));
      if (past > worst.px)
        worst = {
          px: past,
          what: `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 60)}"`,
        };
    }
    return worst;
  });
}

/** Picks `code` in the airport or airline picker labelled `label`: types the code, Enter takes the best match. */
export async function pickCode(page: Page, label: string, code: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(code);
  // The options come from the airport list, which may still be loading; a code can also be a
  // city's (GOI offers Goa's two airports): pick the option of this code.
  await page
    .getByRole('option')
    .filter({ hasText: `(${code})` })
    .first()
    .click();
}

export interface FlightSearch {
  from: string;
  to: string;
  departure: string;
  flightNo: string;
}

/** Fills the traveller's search form (airline AI) without searching. */
export async function fillSearch(page: Page, { from, to, departure, flightNo }: FlightSearch): Promise<void> {
  // After a search the form is folded into its summary line: Edit opens it again.
  const edit = page.getByRole('button', { name: 'Edit search' });
  const fromBox = page.getByRole('combobox', { name: 'From', exact: true });
  await fromBox.or(edit).first().waitFor();
  if (await edit.isVisible()) await edit.click();
  await pickCode(page, 'From', from);
  await pickCode(page, 'To', to);
  await page.getByLabel('Departure Date').fill(departure);
  await page.getByLabel('Flight Number').fill(flightNo);
  await pickCode(page, 'Airline', 'AI');
}

/** Searches for the one flight `search` names and waits for it as the only result. */
export async function searchFlight(page: Page, search: FlightSearch): Promise<void> {
  await fillSearch(page, search);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('Showing 1 of 1 results').waitFor({ timeout: 60_000 });
}

/** Books `kg` KG on the one search result through Confirm Booking, up to its confirmation. */
export async function bookResult(page: Page, kg: number): Promise<void> {
  await page.getByRole('button', { name: /Book Now/ }).click();
  await page.getByLabel('Weight (KG)').fill(String(kg));
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByText('Booking Conformed').waitFor();
}

/** Counts the page's main-frame navigations from now on. */
export function navigations(page: Page): () => number {
  let n = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) n += 1;
  });
  return () => n;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html?: string; failureSummary?: string }[];
}

/** Resolves once the page's finite animations and transitions have ended (2 s at most). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 2000)),
    ]),
  );
}

/** axe-core on the page as it is now (at its current size): every violation, of any impact. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, which the app's CSP (script-src 'self') allows.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
}

/** Fails with the violations' ids, rules and targets when axe finds anything. */
export async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  const found = (await axeViolations(page)).map((v) => ({
    id: v.id,
    help: v.help,
    // The element and why it failed (colours and ratio for contrast): a target alone such as
    // `div[data-title=""]` does not say which element it was.
    nodes: v.nodes.map((n) => ({ target: n.target, html: n.html?.slice(0, 300), why: n.failureSummary })),
  }));
  if (found.length) throw new Error(`${name}: axe found ${JSON.stringify(found, null, 1)}`);
}

/** The number of changes in the page's outbox (IndexedDB), sent or not. */
export function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('carry');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve(0);
            return;
          }
          const req = db.transaction('outbox').objectStore('outbox').count();
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            db.close();
            resolve(req.result);
          };
        };
      }),
  );
}

/**
 * Waits until every change queued on the page has reached the server. The sync line is no
 * witness: online it shows only once changes have waited a moment, so its absence right after a
 * submit, or right after the network comes back, says nothing about what was sent.
 */
export async function synced(page: Page, timeoutMs = 30_000): Promise<void> {
  await until(async () => (await outboxSize(page)) === 0, {
    timeoutMs,
    everyMs: 100,
    what: 'the outbox empties',
  });
  await page.getByText(/waiting to be sent/).waitFor({ state: 'detached', timeout: timeoutMs });
}

/**
 * Axe at 390 and 1280 px, then screenshots at both sizes. A toast fading in or out would be judged
 * mid-animation: it waits until the toast has gone.
 */
export async function checked(page: Page, name: string): Promise<void> {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, `${name} at 390`);
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, `${name} at 1280`);
  await shoot(page, name);
}
