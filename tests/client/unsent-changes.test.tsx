// The sync line's list of refused changes: reason, Retry and Discard, for changes that have no
// row elsewhere on screen (contact messages, courier requests).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { replayOutbox, sendContactMessage } from '@/data';
import { fakeApi, json } from './support/fake-api';
import { findHeading, renderApp } from './support/render-app';

const message = { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', message: 'Hi' };

async function refusedContact() {
  const api = fakeApi();
  api.on('POST /api/contact', () => json({ message: 'Please enter your query' }, 400));
  const view = renderApp('/contact', { api });
  await findHeading('Contact Us');
  await act(async () => {
    await sendContactMessage(view.store, message);
    await replayOutbox(view.store);
  });
  const toggle = await screen.findByRole('button', { name: /1 not sent: needs your attention/ });
  return { ...view, toggle };
}

describe('UnsentChanges', () => {
  it('lists a refused contact message with the server reason', async () => {
    const { toggle } = await refusedContact();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    const list = screen.getByRole('list', { name: 'Changes not sent' });
    expect(within(list).getByText('Contact message')).toBeTruthy();
    expect(within(list).getByText('Please enter your query')).toBeTruthy();
  });

  it('queues the change again on Retry', async () => {
    const { toggle, store } = await refusedContact();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText(/1 change waiting to be sent/)).toBeTruthy());
    expect((await store.db.outbox.toArray()).map((e) => e.state)).toEqual(['queued']);
  });

  it('drops the change on Discard', async () => {
    const { toggle, store } = await refusedContact();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /not sent/ })).toBeNull());
    expect(await store.db.outbox.count()).toBe(0);
  });
});
