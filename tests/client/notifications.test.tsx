// Forgot Password, Reset Password, the profile menu's Notifications switch, and a notification's
// link opening its booking, through the DOM.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_INVALID, RESET_REQUESTED_MESSAGE } from '@/domain/auth/password-reset';
import { MSG } from '@/domain/texts';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';

describe('Forgot Password', () => {
  it('opens from the login screen and shows the one answer', async () => {
    const api = fakeApi({ authed: false });
    const bodies: unknown[] = [];
    api.on('POST /auth/forgot-password', async (req) => {
      bodies.push(await req.json());
      return json({ message: RESET_REQUESTED_MESSAGE });
    });
    renderApp('/', { api, session: null });
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot Password?' }));
    await findHeading('Forgot your password?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('status')).textContent).toContain(RESET_REQUESTED_MESSAGE);
    expect(bodies).toEqual([{ email: 'asha@example.com' }]);
    await userEvent.click(screen.getByRole('link', { name: 'Back to Login' }));
    await findHeading('Welcome back');
  });
});

describe('Reset Password', () => {
  const TOKEN = 'A'.repeat(43);

  it('holds the passwords to the signup messages, then sends the token and goes to login', async () => {
    const api = fakeApi({ authed: false });
    const bodies: unknown[] = [];
    api.on('POST /auth/reset-password', async (req) => {
      bodies.push(await req.json());
      return json({ message: 'Your password has been reset. Please log in with the new one.' });
    });
    renderApp(`/reset-password?token=${TOKEN}`, { api, session: null });
    await findHeading('Choose a new password');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/');
    await userEvent.type(screen.getByLabelText('Password'), 'weak');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText(MSG.passwordRule)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'Newpass@456');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Newpass@457');
    expect(await screen.findByText(MSG.passwordsMatch)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Newpass@456');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    await findHeading('Welcome back');
    expect(bodies).toEqual([{ token: TOKEN, password: 'Newpass@456', confirmPassword: 'Newpass@456' }]);
  });

  it('says when the link is used up or expired, with the way to a new one', async () => {
    const api = fakeApi({ authed: false });
    api.on('POST /auth/reset-password', () =>
      json({ code: 'auth/reset-link-invalid', message: RESET_LINK_INVALID }, 400),
    );
    renderApp(`/reset-password?token=${TOKEN}`, { api, session: null });
    await findHeading('Choose a new password');
    await userEvent.type(screen.getByLabelText('Password'), 'Newpass@456');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Newpass@456');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

describe('Notifications in the profile menu', () => {
  const restore: Array<() => void> = [];
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });

  /** A browser with Web Push: permission not asked yet, no subscription. */
  function stubPush() {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    let current: unknown = null;
    const subscription = {
      endpoint: 'https://push.example/abc',
      toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'BPk', auth: 'c2VjcmV0' } }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    const subscribe = vi.fn(async () => {
      current = subscription;
      return subscription;
    });
    const pushManager = { getSubscription: async () => current, subscribe };
    const registration = { pushManager };
    const define = (target: object, key: string, value: unknown) => {
      const before = Object.getOwnPropertyDescriptor(target, key);
      Object.defineProperty(target, key, { configurable: true, writable: true, value });
      restore.push(() =>
        before ? Object.defineProperty(target, key, before) : Reflect.deleteProperty(target, key),
      );
    };
    define(window, 'Notification', { permission: 'default', requestPermission });
    define(window, 'PushManager', class {});
    define(navigator, 'serviceWorker', {
      getRegistration: async () => registration,
      ready: Promise.resolve(registration),
    });
    return { requestPermission, subscribe, subscription };
  }

  it('asks for permission only when turned on, then subscribes and tells the server', async () => {
    const push = stubPush();
    const api = fakeApi();
    const saved: unknown[] = [];
    api.on('GET /api/push/vapid-public-key', () => json({ publicKey: 'BAAA' }));
    api.on('POST /api/push/subscriptions', async (req) => {
      saved.push(await req.json());
      return json({ message: 'ok' }, 201);
    });
    renderApp('/contact', { api });
    await findHeading('Contact Us');
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    const toggle = await screen.findByRole('menuitemcheckbox', { name: /Notifications/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(push.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from([4, 0, 0]),
    });
    expect(saved).toEqual([
      { endpoint: 'https://push.example/abc', keys: { p256dh: 'BPk', auth: 'c2VjcmV0' } },
    ]);

    // Logging out drops this browser's subscription too (the server drops its row with the session).
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await findHeading('Welcome back');
    expect(push.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('turns booking e-mails off from the profile', async () => {
    const api = fakeApi();
    const puts: unknown[] = [];
    api.on('GET /api/notifications/settings', () => json({ bookingEmails: true }));
    api.on('PUT /api/notifications/settings', async (req) => {
      const body = await req.json();
      puts.push(body);
      return json(body);
    });
    renderApp('/set-profile', { api });
    const box = await screen.findByRole('checkbox', { name: /E-mail me about my bookings/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(puts).toEqual([{ bookingEmails: false }]);
  });
});

describe("A notification's link to one booking", () => {
  const order = (id: string, seconds: number, listingId: string) =>
    makeOrder(id, {
      listingId,
      name: `Traveller ${id}`,
      createdAt: { _seconds: seconds },
      history: [{ status: 'pending', at: seconds }],
    });
  const details = (name: string) =>
    within(screen.getByRole('article', { name: new RegExp(`${name}$`) })).getByRole('button', {
      name: 'View Details',
    });

  it("opens that booking's View Details on My Bookings, also past the first page", async () => {
    const api = fakeApi();
    const bookings = Array.from({ length: 60 }, (_, i) => order(`b${i}`, 1000 - i, `b${i}_passenger`));
    api.on('GET /api/orders', () => json({ bookings }));
    renderApp('/mybookings?booking=b59', { api });
    await waitFor(() => expect(details('Traveller b59').getAttribute('aria-expanded')).toBe('true'));
    const article = screen.getByRole('article', { name: /Traveller b59$/ });
    expect(within(article).getByRole('region', { name: 'Status history' })).toBeTruthy();
    expect(details('Traveller b0').getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the order on Order History for the carrier', async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () =>
      json({ bookings: [order('c1', 200, 'c1_carrier'), order('c2', 100, 'c2_carrier')] }),
    );
    renderApp('/carrier/orders?booking=c2', { api, session: { role: 'carrier' } });
    await waitFor(() => expect(details('Traveller c2').getAttribute('aria-expanded')).toBe('true'));
    expect(details('Traveller c1').getAttribute('aria-expanded')).toBe('false');
  });

  it('ignores a malformed booking parameter and shows the list', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [order('b1', 100, 'b1_passenger')] }));
    renderApp(`/mybookings?booking=${encodeURIComponent('<b1>')}`, { api });
    await waitFor(() => expect(details('Traveller b1').getAttribute('aria-expanded')).toBe('false'));
  });
});
