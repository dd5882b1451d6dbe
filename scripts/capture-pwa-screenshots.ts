// Captures the manifest's screenshots from the running app (npx tsx scripts/capture-pwa-screenshots.ts):
// a carrier's listings at phone size (narrow) and a traveller's search results at desktop size (wide).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchBrowser, pickCode } from '../tests/support/e2e-browser';
import { startE2eServer } from '../tests/support/e2e-server';
import { Api, testUser } from '../tests/support/pwa-api';
import { loginThroughUi } from '../tests/support/pwa-browser';

const OUT = 'public/screenshots';
const DEPARTURE = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
const LISTINGS = [
  { from: 'DEL', to: 'BOM', airline: 'AI', flightNo: 'AI101', time: '09:30', weight: 12, cost: 450 },
  { from: 'DEL', to: 'BOM', airline: 'AI', flightNo: 'AI865', time: '18:15', weight: 5, cost: 700 },
  { from: 'BLR', to: 'DEL', airline: 'AI', flightNo: 'AI503', time: '06:45', weight: 8, cost: 600 },
  { from: 'BOM', to: 'MAA', airline: 'AI', flightNo: 'AI571', time: '13:05', weight: 20, cost: 350 },
];

/** Waits for toasts to leave and parks the mouse, so the shot shows the screen alone. */
async function settle(page: Page): Promise<void> {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.mouse.move(0, 0);
}

const server = await startE2eServer();
const browser = await launchBrowser();
try {
  const run = Date.now().toString(36);
  const carrier = { ...testUser('Priya', run), name: 'Priya Nair' };
  const carrierApi = await new Api(server.url).signIn(carrier);
  for (const l of LISTINGS) {
    await carrierApi.json('POST', '/carrier/carrier/add-listing', {
      ...l,
      departure: DEPARTURE,
      email: carrier.email,
      name: carrier.name,
      phone: carrier.phone,
    });
  }
  // A second carrier on the same flight, so the search shows a choice.
  const other = { ...testUser('Rahul', run), name: 'Rahul Verma' };
  const otherApi = await new Api(server.url).signIn(other);
  await otherApi.json('POST', '/carrier/carrier/add-listing', {
    ...LISTINGS[0],
    cost: 520,
    weight: 7,
    departure: DEPARTURE,
    email: other.email,
    name: other.name,
    phone: other.phone,
  });
  const traveller = { ...testUser('Meera', run), name: 'Meera Shah' };
  await new Api(server.url).signIn(traveller);
  mkdirSync(OUT, { recursive: true });

  const narrow = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await loginThroughUi(narrow, server.url, carrier, 'Carrier');
  await narrow.getByText(/AI571 · Air India/).waitFor();
  await settle(narrow);
  await narrow.screenshot({ path: `${OUT}/narrow.png` });

  const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loginThroughUi(wide, server.url, traveller, 'Traveller');
  await settle(wide);
  await pickCode(wide, 'From', 'DEL');
  await pickCode(wide, 'To', 'BOM');
  await wide.getByLabel('Departure Date').fill(DEPARTURE);
  await wide.getByLabel('Flight Number').fill('AI101');
  await pickCode(wide, 'Airline', 'AI');
  await wide.getByRole('button', { name: 'Search' }).click();
  await wide.getByText(/Showing \d+ of \d+ results/).waitFor();
  await settle(wide);
  await wide.getByText(/Showing \d+ of \d+ results/).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await wide.screenshot({ path: `${OUT}/wide.png` });
  console.log(`Wrote ${OUT}/narrow.png and ${OUT}/wide.png`);
} finally {
  await browser.close();
  await server.remove();
}
