// The sync line (issue 28): online, a change that leaves within a moment shows nothing; the line
// comes once changes have waited SHOW_AFTER_MS, at once offline; the open waiting list closes on
// navigation. The line's own timer is faked, so "not yet" does not depend on the machine's speed.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOW_AFTER_MS } from '@/client/routes/-components/sync-indicator';
import { sendContactMessage } from '@/data';
import { findHeading, renderApp } from '../support/client-render-app';

const message = { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', message: 'Hi' };
const waitingLine = () => screen.queryByText(/1 change waiting to be sent/);

afterEach(() => {
  vi.useRealTimers();
});

/** Lets IndexedDB (fake-indexeddb answers on setImmediate, not faked) and the live queries settle. */
async function settle() {
  for (let i = 0; i < 20; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

/** /contact open, the line's timers faked from here on, one contact message queued and unsent. */
async function oneQueued() {
  const view = renderApp('/contact');
  await findHeading('Contact Us');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await act(() => sendContactMessage(view.store, message));
  expect(await view.store.db.outbox.count()).toBe(1);
  await settle();
  return view;
}

const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

describe('SyncIndicator', () => {
  it('shows nothing for a change younger than SHOW_AFTER_MS, then how many wait', async () => {
    await oneQueued();
    await advance(SHOW_AFTER_MS - 100);
    await settle();
    expect(waitingLine()).toBeNull();
    await advance(100);
    await settle();
    expect(waitingLine()).toBeTruthy();
  });

  it('shows at once when offline', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderApp('/contact');
      await findHeading('Contact Us');
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(await screen.findByText("You're offline")).toBeTruthy();
    } finally {
      online.mockRestore();
    }
  });

  it('closes the open waiting list when the user goes to another screen', async () => {
    const { router } = await oneQueued();
    await advance(SHOW_AFTER_MS);
    await settle();
    vi.useRealTimers();
    await userEvent.click(await screen.findByRole('button', { name: /Show waiting list/ }));
    expect(screen.getByRole('button', { name: /Hide waiting list/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await act(() => router.navigate({ to: '/mybookings' }));
    await findHeading('My Bookings');
    expect(
      (await screen.findByRole('button', { name: /Show waiting list/ })).getAttribute('aria-expanded'),
    ).toBe('false');
  });
});
