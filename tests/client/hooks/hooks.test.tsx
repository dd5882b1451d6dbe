// The hooks over src/data: live rows from the local store, first-load state and sync status,
// with a fake fetch standing in for the server.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useMyListings } from '@/client/hooks/use-collection';
import { useSession } from '@/client/hooks/use-session';
import { StoreProvider } from '@/client/hooks/use-store';
import { useSyncStatus } from '@/client/hooks/use-sync-status';
import { pullOnOpen } from '@/client/pull-on-open';
import { useReference } from '@/client/routes/-components/use-reference';
import { createStore, openDb, type Store, sendContactMessage } from '@/data';

function fakeFetch(routes: Record<string, () => Response>): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const route =
      routes[`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}`];
    if (!route) throw new TypeError('fetch failed');
    return route();
  };
}

function makeStore(routes: Record<string, () => Response>): Store {
  const store = createStore({
    db: openDb(`t-${crypto.randomUUID()}`),
    baseUrl: 'http://localhost',
    fetch: fakeFetch(routes),
  });
  for (const [k, v] of Object.entries({
    token: 't',
    email: 'a@example.com',
    name: 'Asha',
    phone: '9876543210',
  })) {
    store.storage?.setItem(k, v);
  }
  return store;
}

function wrapper(store: Store) {
  return ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
}

/** Renders `hook` over `store`; useStore's use() settles within the act (one tick, as on the page). */
async function renderStoreHook<T>(hook: () => T, store: Store) {
  let view: ReturnType<typeof renderHook<T, unknown>> | undefined;
  await act(async () => {
    view = renderHook(hook, { wrapper: wrapper(store) });
  });
  if (!view) throw new Error('not rendered');
  return view;
}

const listing = {
  id: 'L1',
  email: 'a@example.com',
  from: 'DEL',
  to: 'BOM',
  flightNo: 'AI1',
  airline: 'AI',
  departure: '2030-01-01',
  weight: 5,
  available: 5,
  cost: 100,
};

describe('useMyListings', () => {
  it("shows the server rows after the loader's pull", async () => {
    const snapshot = { listings: [listing], bookings: [], orders: [], profile: null };
    const store = makeStore({
      'GET /api/sync/pull': () =>
        Response.json({ user: 'a@example.com', lastMutationId: 0, cookie: 'c1', snapshot }),
    });
    const pulled = pullOnOpen(store);
    const { result } = await renderStoreHook(() => useMyListings(pulled), store);
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(result.current).toMatchObject({ loading: false, error: null });
    expect(result.current.rows?.[0]).toMatchObject({ id: 'L1', syncState: 'synced' });
  });

  it("reports an error when the loader's pull fails and nothing was ever synced", async () => {
    const store = makeStore({});
    const pulled = pullOnOpen(store);
    const { result } = await renderStoreHook(() => useMyListings(pulled), store);
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.loading).toBe(false);
  });
});

describe('useReference', () => {
  it('refreshes the mirror and reads the airports from it', async () => {
    const store = makeStore({
      'GET /api/get/airports': () => Response.json([{ id: 'DEL', code: 'DEL', name: 'Delhi' }]),
      'GET /api/get/airlines': () => Response.json([{ id: 'AI', code: 'AI', name: 'Air India' }]),
    });
    const { result } = await renderStoreHook(() => useReference(), store);
    await waitFor(() =>
      expect(result.current.airportOptions.find('del', [])[0]?.choices.map((a) => a.value)).toEqual(['DEL']),
    );
  });
});

describe('useSyncStatus and useSession', () => {
  it('counts unsent changes for the signed-in user', async () => {
    const store = makeStore({});
    const { result } = await renderStoreHook(() => ({ sync: useSyncStatus(), session: useSession() }), store);
    expect(result.current.session?.email).toBe('a@example.com');
    await sendContactMessage(store, {
      name: 'Asha',
      email: 'a@example.com',
      phone: '9876543210',
      message: 'hi',
    });
    await waitFor(() => expect(result.current.sync.pending).toBe(1));
    expect(result.current.sync.failed).toEqual([]);
  });
});
