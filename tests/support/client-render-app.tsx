// Screen tests: renders the whole app (router, auth gate, providers) at a path, on a fresh store
// whose network is a fake API (client-fake-api.ts). Sessions are seeded in the store's own
// storage, as login writes them.
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '@/client/app';
import { createAppRouter } from '@/client/router';
import { storeLoaderOf } from '@/client/store-loader';
import type { Store } from '@/data';
import { STORAGE_KEYS } from '@/domain/constants';
import { type FakeApi, fakeApi } from './client-fake-api';
import { testStore } from './data-store';

export const USER = { email: 'asha@example.com', name: 'Asha Rao', phone: '9876543210' };

export interface SessionSeed {
  role?: 'traveller' | 'carrier' | 'sender' | null;
  email?: string;
}

/** A fresh store on the real clock whose network is the fake API. */
export function appStore(api: FakeApi): Store {
  return testStore({ fetch: api.fetch, now: () => Date.now(), random: Math.random });
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
  const store = opts.store ?? appStore(api);
  if (opts.session !== null) seedSession(store, opts.session ?? { role: 'traveller' });
  const history = createMemoryHistory({ initialEntries: [path] });
  if (opts.state) history.replace(path, opts.state);
  const storeLoader = storeLoaderOf(store);
  const { router, auth } = createAppRouter(storeLoader, history);
  const view = render(<App storeLoader={storeLoader} router={router} auth={auth} />);
  return { ...view, api, store, router };
}

/** Waits until the route's main heading shows. */
export function findHeading(name: string | RegExp, timeout = 3000) {
  return screen.findByRole('heading', { name }, { timeout });
}

/** Fills the traveller's search (DEL to BOM, AI101 on `date`) as a person would, and searches. */
export async function searchFlight(date: string): Promise<void> {
  // The screen's code loads first: more than findBy's default second on a busy machine.
  await userEvent.type(await screen.findByLabelText('From', {}, { timeout: 10_000 }), 'DEL{Enter}');
  await userEvent.type(screen.getByLabelText('To'), 'BOM{Enter}');
  await userEvent.type(screen.getByLabelText('Departure Date'), date);
  await userEvent.type(screen.getByLabelText('Flight Number'), 'AI101');
  await userEvent.type(screen.getByLabelText('Airline'), 'AI{Enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}
