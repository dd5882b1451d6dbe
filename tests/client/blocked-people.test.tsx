// Profile: "People you blocked" lists the server's blocks, each with Unblock, which is queued like
// every change (accepted offline, said in words) and takes the row away at once; with no blocks,
// or no answer, the section is not there.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';

const ravi = { email: 'ravi@example.com', name: 'Ravi Kumar', createdAt: Date.UTC(2026, 10, 20) };
const meera = { email: 'meera@example.com', name: 'Meera Shah', createdAt: Date.UTC(2026, 10, 19) };

describe('People you blocked', () => {
  it('unblocks one person with no network: queued, said in words, gone from the list', async () => {
    const api = fakeApi();
    api.on('GET /api/blocks', () => json({ blocks: [ravi, meera] }));
    api.on('POST /api/sync/push', () => {
      throw new TypeError('fetch failed');
    });
    const { store } = renderApp('/set-profile', { api });
    const section = await screen.findByRole('region', { name: 'People you blocked' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ravi Kumar'), expect.stringContaining('Meera Shah')]);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await userEvent.click(within(section).getByRole('button', { name: 'Unblock Ravi Kumar' }));
      expect(
        await screen.findByText(
          'Ravi Kumar is unblocked on this device. You are offline: it is sent when you are back online.',
        ),
      ).toBeTruthy();
      await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
      expect(within(section).queryByText('Ravi Kumar')).toBeNull();
      const queued = await store.db.outbox.orderBy('createdAt').toArray();
      expect(queued.map((e) => [e.kind, e.args])).toEqual([['unblock', { email: 'ravi@example.com' }]]);
    } finally {
      online.mockRestore();
    }
  });

  it('is not there when nobody is blocked', async () => {
    const api = fakeApi();
    let asked = 0;
    api.on('GET /api/blocks', () => {
      asked += 1;
      return json({ blocks: [] });
    });
    renderApp('/set-profile', { api });
    await screen.findByRole('heading', { name: 'Profile' });
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('region', { name: 'People you blocked' })).toBeNull();
  });
});
