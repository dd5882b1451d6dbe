// Renders the whole app (router, auth gate, providers) at a path, on a fresh store whose
// network is a fake API. Sessions are seeded in the store's own storage, as login writes them.
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { App } from '@/client/app';
import { createAppRouter } from '@/client/router';
import { storeSourceOf } from '@/client/store';
import { createStore, openDb, type Store } from '@/data';
import { STORAGE_KEYS } from '@/domain/constants';
import { type FakeApi, fakeApi } from './fake-api';

class MemoryStorage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

export const USER = { email: 'asha@example.com', name: 'Asha Rao', phone: '9876543210' };

export interface SessionSeed {
  role?: 'traveller' | 'carrier' | 'sender' | null;
  email?: string;
}

export function testStore(api: FakeApi): Store {
  return createStore({
    db: openDb(`t-${crypto.randomUUID()}`),
    baseUrl: 'http://localhost',
    fetch: api.fetch,
    storage: new MemoryStorage() as unknown as Storage,
  });
}

export function seedSession(store: Store, seed: SessionSeed = {}): void {
  const s = store.storage;
  s?.setItem(STORAGE_KEYS.token, 'tok');
  s?.setItem(STORAGE_KEYS.email, seed.email ?? USER.email);
  s?.setItem(STORAGE_KEYS.name, USER.name);
  s?.setItem(STORAGE_KEYS.phone, USER.phone);
  if (seed.role) s?.setItem(STORAGE_KEYS.userRole, seed.role);
}

interface RenderOptions {
  api?: FakeApi;
  store?: Store;
  session?: SessionSeed | null;
  state?: Record<string, unknown>;
}

export function renderApp(path: string, opts: RenderOptions = {}) {
  const api = opts.api ?? fakeApi();
  const store = opts.store ?? testStore(api);
  if (opts.session !== null) seedSession(store, opts.session ?? { role: 'traveller' });
  const history = createMemoryHistory({ initialEntries: [path] });
  if (opts.state) history.replace(path, opts.state);
  const stores = storeSourceOf(store);
  const { router, auth } = createAppRouter(stores, history);
  const view = render(<App stores={stores} router={router} auth={auth} />);
  return { ...view, api, store, router };
}

/** Waits until the route's main heading shows. */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { name }, { timeout: 3000 });
}
