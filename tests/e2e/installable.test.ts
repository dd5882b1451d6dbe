// Chromium's own installability verdict on the built app: the manifest's fields, every icon and
// screenshot fetchable as PNG of its stated size, a service worker controlling the page, and no
// errors from the DevTools installability check. The 'Install app' button follows the browser's
// offer when headless Chromium makes one.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { launchPersistent, type PwaBrowser, waitForServiceWorker } from '../support/pwa-browser';

interface ManifestImage {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestImage[];
  screenshots: ManifestImage[];
}

let server: E2eServer;
let browser: PwaBrowser;
let page: Page;
let manifestUrl: string;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installable', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    // The engagement check would otherwise hold back the install offer in a fresh profile.
    browser = await launchPersistent({ width: 1280, height: 800 }, ['--bypass-app-banner-engagement-checks']);
    page = await browser.context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await waitForServiceWorker(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    manifestUrl = new URL(href ?? '', server.url).href;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('links a manifest with every field an install needs', async () => {
    const res = await fetch(manifestUrl);
    expect(res.status).toBe(200);
    const m = (await res.json()) as Manifest;
    expect(m.name).toMatch(/Carry/);
    expect(m.short_name).toBe('Carry');
    expect(new URL(m.start_url, manifestUrl).pathname).toBe('/');
    expect(new URL(m.scope, manifestUrl).pathname).toBe('/');
    expect(m.display).toBe('standalone');
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = m.icons.map((i) => i.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(m.icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
    expect(m.screenshots.map((s) => s.sizes).sort()).toEqual(['1280x800', '390x844']);
  });

  it('serves every icon and screenshot as a PNG of its stated size', async () => {
    const m = (await (await fetch(manifestUrl)).json()) as Manifest;
    for (const image of [...m.icons, ...m.screenshots]) {
      const res = await fetch(new URL(image.src, manifestUrl));
      expect(res.status, image.src).toBe(200);
      expect(res.headers.get('content-type'), image.src).toMatch(/^image\/png/);
      expect(pngSize(Buffer.from(await res.arrayBuffer())), image.src).toBe(image.sizes);
    }
  });

  it('is controlled by the service worker, and Chromium finds nothing that blocks installing', async () => {
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${server.url}/sw.js`,
    );
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(url).toBe(manifestUrl);
    expect(errors).toEqual([]);
  });

  it('switches to a Hindi manifest with Hindi words, the same icons and scope, precached', async () => {
    const english = (await (await fetch(manifestUrl)).json()) as Manifest & { id: string };
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'फिर से स्वागत है' }).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const hindiUrl = new URL(href ?? '', server.url).href;
    expect(new URL(hindiUrl).pathname).toBe('/manifest.hi.webmanifest');
    const res = await fetch(hindiUrl);
    expect(res.status).toBe(200);
    const hindi = (await res.json()) as Manifest & { id: string; lang: string; description: string };
    expect(hindi.name).toBe('Carry: अपने सफ़र से कमाएँ');
    expect(hindi.lang).toBe('hi-IN');
    expect(hindi.description).toMatch(/[\u0900-\u097F]/);
    expect(hindi.description).not.toMatch(/[a-z]/);
    expect({ ...hindi, name: '', lang: '', description: '', screenshots: [] }).toEqual({
      ...english,
      name: '',
      lang: '',
      description: '',
      screenshots: [],
    });
    // Chromium reads the Hindi one, without errors; the service worker holds it for offline.
    const cdp = await page.context().newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(read.url).toBe(hindiUrl);
    expect(read.errors).toEqual([]);
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const found = await Promise.all(
        names.map((n) =>
          caches.open(n).then((c) => c.match('/manifest.hi.webmanifest', { ignoreSearch: true })),
        ),
      );
      return found.some(Boolean);
    });
    expect(precached).toBe(true);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(href?.replace('.hi', ''));
  });

  it("shows 'Install app' when Chromium offers the install", async () => {
    // The listener goes in before the app's, so the test sees the offer even if it comes early.
    await page.addInitScript(() => {
      const w = window as Window & { installOffered?: boolean };
      w.installOffered = false;
      window.addEventListener('beforeinstallprompt', () => {
        w.installOffered = true;
      });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const offered = await page
      .waitForFunction(
        () => (window as Window & { installOffered?: boolean }).installOffered === true,
        undefined,
        {
          timeout: 5_000,
        },
      )
      .then(
        () => true,
        () => false,
      );
    const button = page.getByRole('button', { name: 'Install app' });
    // Headless Chromium may never make the offer: then only the CDP check above stands, and the
    // button must not show without one.
    if (offered) await button.waitFor();
    else expect(await button.count()).toBe(0);
  });
});
