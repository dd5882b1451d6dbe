// In Chromium, against the real server with a real SMTP server and a local push service:
// Forgot Password -> the mail's link -> a new password -> log in with it (the old session ends);
// and Notifications turned on from the profile menu -> a booking on the carrier's listing -> the
// push service receives an encrypted push -> delivered to the service worker through the DevTools
// protocol -> it shows "New booking", and a click on it opens the carrier's orders.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../scripts/push-service';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { launchBrowser } from '../support/e2e-browser';
import { type E2eServer, freePort, startE2eServer } from '../support/e2e-server';
import { type ApiUser, bookOver, createApiUser, listOver, loginInBrowser } from '../support/e2e-users';
import { eventually } from '../support/until';

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

let server: E2eServer;
let browser: Browser;
let smtp: SmtpSink;
let push: PushService;

beforeAll(async () => {
  smtp = await startSmtpSink();
  push = await startPushService();
  const port = await freePort();
  server = await startE2eServer({
    port,
    env: {
      SMTP_URL: smtp.url,
      APP_URL: `http://127.0.0.1:${port}`,
      // The local push service: plain http on its own port, in place of the browsers' services.
      PUSH_ALLOW_HTTP: 'true',
      PUSH_SERVICE_HOSTS: new URL(push.origin).host,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.remove();
  await smtp?.close();
  await push?.close();
});

describe('password reset in the browser', () => {
  it('follows the mailed link, sets a new password, and logs in with it', async () => {
    const user = await createApiUser(server.url, 'Ravi Kumar', '9876500000');
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('If an account exists for that address, we sent a link');

    const mail = await smtp.waitFor(user.email, 0, 20_000);
    const link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByLabel('Password', { exact: true }).fill('Fresh@2025');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh@2025');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // The session the account had before is over.
    expect((await user.call('GET', '/api/auth')).status).toBe(401);
    await loginInBrowser(page, server.url, { ...user, password: 'Fresh@2025' }, 'traveller');
    await page.close();
  });
});

/** The service worker's registration id, from the DevTools protocol's ServiceWorker domain. */
async function registrationId(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const seen: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => seen.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const id = await eventually(
    () => seen.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted)?.registrationId,
    { timeoutMs: 15_000, everyMs: 100, what: 'the service worker registration' },
  );
  return { cdp, id };
}

describe('push notifications in the browser', () => {
  let carrier: ApiUser;
  let traveller: ApiUser;

  it('turned on in the profile menu, a booking shows "New booking", and a click opens the order', async () => {
    carrier = await createApiUser(server.url, 'Asha Rao', '9876543210');
    traveller = await createApiUser(server.url, 'Meera Shah', '9123456780');
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: server.url });
    // Headless Chromium has no push service to subscribe with: PushManager gives the subscription
    // of the local push service instead (keys made by the test), everything else is the app's own.
    const subscription = push.subscription('carrier-phone');
    await context.addInitScript((sub) => {
      let current: PushSubscription | null = null;
      const fake = {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: {},
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = async () => {
        current = fake;
        return fake;
      };
      PushManager.prototype.getSubscription = async () => current;
    }, subscription);
    const page = await context.newPage();
    await loginInBrowser(page, server.url, carrier, 'carrier');
    await page.evaluate(() => navigator.serviceWorker.ready);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    const toggle = page.getByRole('menuitemcheckbox', { name: /Notifications/ });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    const booked = await bookOver(traveller, await listOver(carrier, DEPARTURE), 2);
    expect(booked.status).toBe(201);

    const received = await eventually(() => push.received.find((r) => r.name === 'carrier-phone'), {
      timeoutMs: 15_000,
      everyMs: 100,
      what: 'the push',
    });
    expect(push.problems).toEqual([]);
    const bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
    const url = `/carrier/orders?booking=${bookingId}`;
    expect(received.payload).toMatchObject({ title: 'New booking', url });

    // What the push service would hand the browser, delivered to the service worker's push handler.
    const { cdp, id } = await registrationId(context, page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: id,
      data: JSON.stringify(received.payload),
    });
    const shown = await eventually(
      async () => {
        const list = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            data: n.data,
          }));
        });
        return list.length ? list : undefined;
      },
      { timeoutMs: 15_000, everyMs: 100, what: 'the notification' },
    );
    expect(shown).toEqual([
      {
        title: 'New booking',
        body: 'A traveller booked 2 KG on your listing. Open Carry to accept or decline.',
        data: { url },
      },
    ]);

    // The click, dispatched in the service worker (through the protocol's Runtime on its target).
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker?.evaluate(async () => {
      // The worker's globals (this file is typed for pages).
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await sw.registration.getNotifications();
      if (notification) sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
    });
    // The click opens this order on Order History, its details open.
    await page.waitForURL(`${server.url}${url}`);
    await page.getByRole('heading', { name: 'Past Orders' }).waitFor();
    await page.getByRole('region', { name: 'Status history' }).waitFor();
    expect(await page.getByRole('button', { name: 'View Details' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await context.close();
  });
});
