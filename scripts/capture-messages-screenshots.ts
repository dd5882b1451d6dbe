// Screenshots of the messages screen for review (npx tsx scripts/capture-messages-screenshots.ts):
// a traveller's thread at 390 and 1280 px with messages sent, Seen, one refused (Not sent, Retry,
// Discard) and one Sending (offline), then My Bookings with unread badges on the nav and the row.
// Into tests/e2e/screenshots/ (not committed). The refusal is the push answer rewritten in the
// browser (service workers blocked, so the page's own requests are the ones routed).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, SCREENSHOT_DIR } from '../tests/support/e2e-browser';
import { startE2eServer } from '../tests/support/e2e-server';
import { createApiUser, loginInBrowser } from '../tests/support/e2e-users';

const DEPARTURE = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const REFUSED = 'Can you also take a laptop charger?';

async function both(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${size.width}.png` });
  }
}

mkdirSync(SCREENSHOT_DIR, { recursive: true });
const server = await startE2eServer();
const browser = await launchBrowser();
try {
  const carrier = await createApiUser(server.url, 'Asha Rao', '9876543210');
  const traveller = await createApiUser(server.url, 'Meera Shah', '9000000000');
  await carrier.call('POST', '/carrier/carrier/add-listing', {
    ...{ from: 'DEL', to: 'BOM', departure: DEPARTURE, time: '09:30', airline: 'AI', flightNo: 'AI995' },
    ...{ weight: 10, cost: 800, email: carrier.email, name: carrier.name, phone: carrier.phone },
  });
  const [listing] = (await (await carrier.call('GET', `/api/listings/${carrier.email}`)).json()) as {
    id: string;
  }[];
  await traveller.call('POST', '/api/book', {
    ...{ name: traveller.name, email: traveller.email, phone: traveller.phone },
    ...{ weight: 3, listingId: listing?.id },
  });
  const orders = (await (await carrier.call('GET', `/api/carrier-orders?email=${carrier.email}`)).json()) as {
    bookings: { listingId: string }[];
  };
  const id = orders.bookings[0]?.listingId.replace(/_carrier$/, '') ?? '';
  await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
  const say = (who: typeof carrier, text: string) =>
    who.call('POST', `/api/bookings/${id}/messages`, { text });
  await say(traveller, 'Hi Asha! I have a 3 kg box of books for my sister in Mumbai.');
  await say(carrier, 'Hello Meera, happy to take it. I land at T2 at 11:45.');
  await say(traveller, 'Great, I will be at gate 32 from 8:30.\nBlue jacket, red suitcase.');

  // The carrier opens the thread: the traveller's messages are read ("Seen").
  const carrierContext = await browser.newContext({ viewport: DESKTOP });
  const carrierPage = await carrierContext.newPage();
  await loginInBrowser(carrierPage, server.url, carrier, 'carrier');
  await carrierPage.goto(`${server.url}/bookings/${id}/messages`);
  await carrierPage.getByText('Blue jacket', { exact: false }).waitFor();
  await carrierPage.waitForTimeout(1500);

  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await loginInBrowser(page, server.url, traveller, 'traveller');
  await page.route(/\/api\/sync\/push/, async (route) => {
    const body = route.request().postDataJSON() as {
      mutations: { id: number; kind: string; args: { text?: string } }[];
    };
    if (!body.mutations.some((m) => m.args.text === REFUSED)) return route.continue();
    await route.fulfill({
      json: {
        lastMutationId: body.mutations.at(-1)?.id ?? 0,
        results: body.mutations.map((m) => ({
          id: m.id,
          ok: false,
          code: 'thread/closed',
          message: 'This conversation is closed',
        })),
      },
    });
  });
  await page.goto(`${server.url}/bookings/${id}/messages`);
  await page.getByText('Seen', { exact: true }).waitFor();
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(REFUSED);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Not sent: This conversation is closed').waitFor();
  await context.setOffline(true);
  await box.fill('Running 10 minutes late, sorry!');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Sending', { exact: true }).waitFor();
  await both(page, 'messages-thread');

  // A new message while the traveller is elsewhere: badges on the nav and the booking.
  await context.setOffline(false);
  await page.goto(`${server.url}/mybookings`);
  await say(carrier, 'No problem, see you soon.');
  await say(carrier, 'I am at the café by gate 30.');
  await page.getByText('2 unread messages', { exact: false }).first().waitFor({ timeout: 15_000 });
  await both(page, 'messages-badges');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: /^Open menu/ }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/messages-badges-menu-390.png` });
} finally {
  await browser.close();
  await server.remove();
}
