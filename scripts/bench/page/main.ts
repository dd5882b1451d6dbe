// The benchmark page: the app's own data layer (src/data) in real Chromium, on the app's origin,
// exposed as window.carryBench for browser.mjs to drive. Times come from performance.now().

import { addListing, createStore, login, openDb, replayOutbox } from '@/data';
import { refreshMyBookings } from '@/data/bookings';
import type { OrderRow } from '@/data/db';
import { replaceMirror } from '@/data/mirror';
import type { Order } from '@/domain/booking/schema';

const STATUSES = ['pending', 'accepted', 'completed', 'rejected', 'cancelled'] as const;
const ROUTES = [
  ['DEL', 'DXB'],
  ['BOM', 'LHR'],
  ['BLR', 'SIN'],
  ['MAA', 'DOH'],
] as const;

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** `n` orders as GET /api/orders answers them. */
function orders(n: number): Order[] {
  return Array.from({ length: n }, (_, i) => {
    const [from, to] = ROUTES[i % ROUTES.length] ?? ['DEL', 'DXB'];
    return {
      id: `b${i}`,
      listingId: `b${i}_passenger`,
      name: `Traveller ${i}`,
      email: 'bench@example.com',
      phone: '9876543210',
      carrierName: `Carrier ${i % 97}`,
      carrierEmail: `carrier${i % 97}@example.com`,
      weight: 1 + (i % 5),
      cost: 500 + (i % 40) * 100,
      status: STATUSES[i % STATUSES.length] ?? 'pending',
      flightDetails: {
        from,
        to,
        departure: day(1 + (i % 60)),
        flightNo: `AI${100 + (i % 900)}`,
        airline: 'AI',
        time: '10:30',
      },
      createdAt: { _seconds: Math.floor(Date.now() / 1000) - i * 60 },
    } as Order;
  });
}

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const session = {
  token: 'bench-token',
  email: 'bench@example.com',
  name: 'Bench User',
  phone: '9876543210',
  userRole: 'traveller',
};

async function freshDb(name: string) {
  const db = openDb(name);
  await db.delete();
  return openDb(name);
}

/**
 * The mirror of `n` bookings three ways on fresh databases: refreshMyBookings (parse + mirror,
 * the answer served by an in-page fetch), replaceMirror alone, and one bulkPut of the same
 * rows (the floor for IndexedDB on this machine).
 */
async function mirror(n: number) {
  const rows = orders(n);
  const body = JSON.stringify({ bookings: rows });
  const fetchStub = async () => new Response(body, { headers: { 'Content-Type': 'application/json' } });
  const out: Record<string, number> = {};

  const full = createStore({
    db: await freshDb('bench-mirror-full'),
    fetch: fetchStub,
    storage: memoryStorage(session),
  });
  let t = performance.now();
  await refreshMyBookings(full);
  out.refreshMyBookingsMs = performance.now() - t;
  out.rows = await full.db.bookings.count();
  full.db.close();

  const bare = createStore({ db: await freshDb('bench-mirror-bare'), storage: memoryStorage(session) });
  t = performance.now();
  await replaceMirror<Order>(bare, bare.db.bookings, rows, 'bookings');
  out.replaceMirrorMs = performance.now() - t;
  // Again over a full table: the refresh a returning user pays.
  t = performance.now();
  await replaceMirror<Order>(bare, bare.db.bookings, rows, 'bookings');
  out.replaceMirrorRefreshMs = performance.now() - t;
  bare.db.close();

  const floor = await freshDb('bench-mirror-bulk');
  const synced = rows.map((r): OrderRow => ({ ...r, syncState: 'synced', syncError: null, outboxKey: null }));
  t = performance.now();
  await floor.transaction('rw', floor.bookings, () => floor.bookings.bulkPut(synced));
  out.bulkPutMs = performance.now() - t;
  floor.close();
  return out;
}

/** Fills the app's own database with `n` synced bookings and signs the page in as their user. */
async function seedApp(n: number) {
  const db = openDb();
  await db.open();
  const synced = orders(n).map(
    (r): OrderRow => ({ ...r, syncState: 'synced', syncError: null, outboxKey: null }),
  );
  await db.transaction('rw', db.bookings, db.meta, async () => {
    await db.bookings.clear();
    await db.bookings.bulkPut(synced);
    await db.meta.put({ key: 'syncedAt:bookings', value: Date.now() });
    await db.meta.put({ key: 'lastUser', value: session.email });
    await db.meta.put({ key: 'session', value: session });
  });
  for (const [k, v] of Object.entries(session)) localStorage.setItem(k, v);
  db.close();
  return n;
}

function listingValues(i: number, prefix: string) {
  return {
    from: 'DEL',
    to: 'DXB',
    departure: day(30),
    time: '10:30',
    airline: 'AI',
    flightNo: `${prefix}${1000 + i}`,
    weight: 5,
    cost: 500,
  };
}

/**
 * Queues `n` add-listing mutations through the app's command, drains them with replayOutbox
 * against this origin's server, then sends `n` equal bodies (other flight numbers, same
 * Idempotency-Key header) with plain sequential fetch.
 */
async function drain(n: number, email: string, password: string) {
  const store = createStore({ db: await freshDb('bench-sync'), storage: memoryStorage({}) });
  const me = await login(store, { email, password });
  let t = performance.now();
  for (let i = 0; i < n; i++) await addListing(store, listingValues(i, 'AI'));
  const enqueueMs = performance.now() - t;
  t = performance.now();
  const result = await replayOutbox(store);
  const drainMs = performance.now() - t;

  t = performance.now();
  let directOk = 0;
  for (let i = 0; i < n; i++) {
    const res = await fetch('/carrier/carrier/add-listing', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ ...listingValues(i, '6E'), email: me.email, name: me.name, phone: me.phone }),
    });
    await res.text();
    if (res.ok) directOk += 1;
  }
  const directMs = performance.now() - t;
  store.db.close();
  return {
    n,
    enqueueMs,
    drainMs,
    sent: result.sent,
    failed: result.failed,
    remaining: result.remaining,
    directMs,
    directOk,
  };
}

declare global {
  interface Window {
    carryBench: { mirror: typeof mirror; seedApp: typeof seedApp; drain: typeof drain };
  }
}
window.carryBench = { mirror, seedApp, drain };
document.title = 'Carry benchmarks (ready)';
