// Data-layer test fixtures: a fresh Dexie database per test, an in-memory localStorage, an
// adjustable clock, and a signed-up user logged in through the data layer against the real server.
//
//   testStore({ net? | fetch?, dbName?, clock? | now?, random?, storage? }) : Store
//   signedIn(server, net?) : Promise<{ store, net, clock, user }>
import { createStore, login, openDb, type Store } from '@/data';
import type { KeyValueStorage } from '@/data/engine/runtime';
import { createNet, type Net } from './data-net';
import type { TestServer } from './server-app';
import { jsonInit, newUserDetails } from './server-users';

export class MemoryStorage implements KeyValueStorage {
  private readonly map = new Map<string, string>();
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

export interface Clock {
  t: number;
}

export interface TestStoreOptions {
  net?: Net;
  fetch?: typeof fetch;
  dbName?: string;
  clock?: Clock;
  /** The store's clock when not `clock.t` (screen tests use the real one). */
  now?: () => number;
  random?: () => number;
  storage?: KeyValueStorage;
}

export function uniqueDbName(): string {
  return `t-${crypto.randomUUID()}`;
}

export function testStore(opts: TestStoreOptions = {}): Store {
  const clock = opts.clock ?? { t: Date.UTC(2030, 0, 1) };
  const fetchFn = opts.fetch ?? opts.net?.fetch;
  return createStore({
    db: openDb(opts.dbName ?? uniqueDbName()),
    baseUrl: 'http://localhost',
    ...(fetchFn ? { fetch: fetchFn } : {}),
    now: opts.now ?? (() => clock.t),
    random: opts.random ?? (() => 1),
    storage: opts.storage ?? new MemoryStorage(),
  });
}

export interface SignedIn {
  store: Store;
  net: Net;
  clock: Clock;
  user: { email: string; name: string; phone: string; password: string };
  dbName: string;
}

/** Signs a new user up on the server and logs them in through the data layer. */
export async function signedIn(
  server: TestServer,
  opts: { net?: Net; dbName?: string } = {},
): Promise<SignedIn> {
  const details = newUserDetails();
  const res = await server.request('/auth/signup', jsonInit('POST', details));
  if (res.status !== 201) throw new Error(`signup failed: ${res.status}`);
  const net = opts.net ?? createNet(server.app);
  const clock = { t: Date.now() };
  const dbName = opts.dbName ?? uniqueDbName();
  const store = testStore({ net, clock, dbName });
  await login(store, { email: details.email, password: details.password });
  return { store, net, clock, user: details, dbName };
}

/** A listing form for a flight 30 days ahead: DEL to BOM on AI. */
export function listingValues(overrides: Partial<{ flightNo: string; weight: number; cost: number }> = {}) {
  const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    from: 'DEL',
    to: 'BOM',
    departure,
    time: '10:30',
    airline: 'AI',
    flightNo: overrides.flightNo ?? `AI${100 + Math.floor(Math.random() * 800)}`,
    weight: overrides.weight ?? 10,
    cost: overrides.cost ?? 500,
  };
}
