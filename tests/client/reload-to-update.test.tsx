// A tab whose code may not sync any more says so and offers the reload; an entry another
// release wrote shows in the waiting list as not sent, with Discard.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { replayOutbox, sendContactMessage } from '@/data';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';

const message = { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', message: 'Hi' };

describe('Reload to update', () => {
  it('is offered once the server says this code must update, and the change waits', async () => {
    const api = fakeApi();
    api.on('POST /api/sync/push', async () =>
      json({ code: 'sync/upgrade-required', message: 'Reload to update' }, 426),
    );
    const view = renderApp('/contact', { api });
    await findHeading('Contact Us');
    await act(async () => {
      await sendContactMessage(view.store, message);
      await replayOutbox(view.store);
    });
    expect(await screen.findByRole('button', { name: 'Reload to update' })).toBeTruthy();
    expect((await view.store.db.outbox.toArray()).map((e) => e.state)).toEqual(['queued']);
  });
});

describe('an entry of another release', () => {
  it('shows as not sent with the reason, and Discard drops it', async () => {
    const view = renderApp('/contact', { api: fakeApi() });
    await findHeading('Contact Us');
    await act(async () => {
      await view.store.db.outbox.put({
        key: 'old-format',
        kind: 'contact',
        payload: message,
        user: message.email,
        createdAt: 1,
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        state: 'queued',
      } as never);
    });
    await userEvent.click(await screen.findByRole('button', { name: /Show waiting list/ }));
    const list = screen.getByRole('list', { name: 'Changes waiting' });
    expect(within(list).getByText('A change saved by another version of Carry')).toBeTruthy();
    expect(within(list).getByText(/another version of Carry and cannot be sent/)).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await view.store.db.outbox.count()).toBe(0));
  });
});
