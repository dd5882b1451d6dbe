// The search screen's watched routes: after a search, "Watch this route" queues a watch (shown at
// once in Watched routes, waiting to send) with the chosen days; a 6th is refused with the
// quota's message and nothing queued; Unwatch removes it; and a search on a watched route with no
// network shows the mirrored listings with how fresh they are.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { META } from '@/data';
import { ERRORS } from '@/domain/errors';
import { formatAsOf } from '@/domain/format';
import type { Listing } from '@/domain/listing/schema';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp, appStore as testStore } from '../support/client-render-app';

const DATE = '2099-05-01';
const QUERY = `from=DEL&to=BOM&departure=${DATE}&flightNo=AI101&airline=AI`;

function listing(id: string, cost: number, available: number): Listing {
  return {
    id,
    email: 'ravi@example.com',
    name: 'Ravi Kumar',
    from: 'DEL',
    to: 'BOM',
    departure: DATE,
    time: '09:30',
    flightNo: 'AI101',
    airline: 'AI',
    weight: available,
    available,
    cost,
    createdAt: 1,
  };
}

const synced = { syncState: 'synced' as const, syncError: null, outboxKey: null };
const watchRow = (id: string, departure: string, days = 0) => ({
  id,
  from: 'DEL',
  to: 'BOM',
  departure,
  days,
  createdAt: 1,
  ...synced,
});

function apiWithResults() {
  const api = fakeApi();
  api.on('POST /api/search-listings', () => json([listing('a', 800, 5)]));
  // The server is busy: queued changes stay waiting to send.
  api.on('POST /api/sync/push', () => json({ code: 'sync/busy', message: 'busy' }, 503));
  return api;
}

describe('Watch this route', () => {
  it('queues a watch with the chosen days, lists it waiting to send, and Unwatch removes it', async () => {
    const api = apiWithResults();
    const { store } = renderApp(`/travellerhome?${QUERY}`, { api });
    await screen.findByText('Showing 1 of 1 results');
    await userEvent.selectOptions(screen.getByLabelText('Dates to watch'), '± 2 days');
    await userEvent.click(screen.getByRole('button', { name: 'Watch this route' }));
    const list = await screen.findByRole('heading', { name: 'Watched routes' });
    const card = list.parentElement as HTMLElement;
    expect(within(card).getByText('DEL → BOM, 1 May 2099 ± 2 days')).toBeTruthy();
    expect(within(card).getByText('Waiting to send')).toBeTruthy();
    expect(await screen.findByText(/Watching DEL → BOM, 1 May 2099 ± 2 days/)).toBeTruthy();
    const [entry] = await store.db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'watch',
      args: { from: 'DEL', to: 'BOM', departure: DATE, days: 2 },
    });
    // The listing the search saw is mirrored at once.
    expect((await store.db.watched.toArray()).map((r) => r.id)).toEqual(['a']);

    await userEvent.click(screen.getByRole('button', { name: 'Unwatch DEL → BOM, 1 May 2099 ± 2 days' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Watched routes' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Watch this route' })).toBeTruthy();
    expect((await store.db.outbox.orderBy('createdAt').toArray()).map((e) => e.kind)).toEqual([
      'watch',
      'unwatch',
    ]);
    expect(await store.db.watched.count()).toBe(0);
  });

  it('refuses a 6th watch with the quota message and queues nothing', async () => {
    const api = apiWithResults();
    const store = testStore(api);
    await store.db.watches.bulkPut(
      ['2099-06-01', '2099-06-02', '2099-06-03', '2099-06-04', '2099-06-05'].map((d, i) =>
        watchRow(`watch-000${i}`, d),
      ),
    );
    renderApp(`/travellerhome?${QUERY}`, { api, store });
    await screen.findByText('Showing 1 of 1 results');
    await userEvent.click(screen.getByRole('button', { name: 'Watch this route' }));
    expect(await screen.findByText(ERRORS['watch/quota-reached'].message)).toBeTruthy();
    expect(await store.db.outbox.count()).toBe(0);
  });
});

describe('a search on a watched route with no network', () => {
  it('shows the mirrored listings and how fresh they are', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () => {
      throw new TypeError('Failed to fetch');
    });
    const store = testStore(api);
    const asOf = Date.now() - 5 * 60_000;
    await store.db.watches.put(watchRow('watch-0001', DATE, 1));
    await store.db.watched.bulkPut([listing('m1', 900, 4), { ...listing('m2', 700, 3), flightNo: 'AI202' }]);
    await store.db.meta.put({ key: META.watchedAsOf, value: asOf });
    renderApp(`/travellerhome?${QUERY}`, { api, store });
    expect(
      await screen.findByText(
        `Showing 2 of 2 results · from your watched route, ${formatAsOf(asOf, Date.now())}`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Watching DEL → BOM, 1 May 2099 ± 1 day/)).toBeTruthy();
    // Exact flight first, as the server orders them.
    const cards = screen.getAllByRole('button', { name: /Book Now/ });
    expect(cards).toHaveLength(2);
  });
});
