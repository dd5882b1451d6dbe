// The benchmark page: the app's own data layer (src/data) in real Chromium, on the app's origin,
// exposed as window.carryBench for browser.mjs to drive. Times come from performance.now().

import {
  addListing,
  applyPull,
  createStore,
  login,
  type OrderRow,
  openDb,
  preparePhoto,
  pull,
  replayOutbox,
  type Store,
  sendContactMessage,
  startSync,
  submitCourierRequest,
} from '@/data';
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
 * The mirror of `n` bookings three ways on fresh databases: pull (a whole pull:
 * parse + apply in one transaction, the answer served by an in-page fetch), applyPull alone,
 * and one bulkPut of the same rows (the floor for IndexedDB on this machine).
 */
async function mirror(n: number) {
  const rows = orders(n);
  const snapshot = { listings: [], bookings: rows, orders: [], profile: null };
  const pullAnswer = (cookie: string) => ({ user: session.email, lastMutationId: 0, cookie, snapshot });
  const body = JSON.stringify(pullAnswer('c1'));
  const fetchStub = async () => new Response(body, { headers: { 'Content-Type': 'application/json' } });
  const out: Record<string, number> = {};

  const full = createStore({
    db: await freshDb('bench-mirror-full'),
    fetch: fetchStub,
    storage: memoryStorage(session),
  });
  let t = performance.now();
  await pull(full);
  out.pullBookingsMs = performance.now() - t;
  out.rows = await full.db.bookings.count();
  full.db.close();

  const bare = createStore({ db: await freshDb('bench-mirror-bare'), storage: memoryStorage(session) });
  t = performance.now();
  await applyPull(bare, session.email, 'bench-client', pullAnswer('c1'));
  out.replaceMirrorMs = performance.now() - t;
  // Again over a full table: the refresh a returning user pays.
  t = performance.now();
  await applyPull(bare, session.email, 'bench-client', pullAnswer('c2'));
  out.replaceMirrorRefreshMs = performance.now() - t;
  // A later pull after one booking changed: the patch the server sends a client that names its
  // last state, against the whole snapshot it sent before diffs.
  const changed = { ...(rows[0] as (typeof rows)[number]), status: 'accepted' as const };
  const none = { put: [], del: [] };
  const patchAnswer = {
    user: session.email,
    lastMutationId: 0,
    cookie: 'c3',
    snapshot: null,
    patch: { listings: none, orders: none, bookings: { put: [changed], del: [] } },
  };
  out.fullBytes = body.length;
  out.patchBytes = JSON.stringify(patchAnswer).length;
  t = performance.now();
  await applyPull(bare, session.email, 'bench-client', patchAnswer);
  out.patchOneMs = performance.now() - t;
  bare.db.close();

  const floor = await freshDb('bench-mirror-bulk');
  const synced = rows.map((r): OrderRow => ({ ...r, syncState: 'synced', syncError: null, outboxKey: null }));
  t = performance.now();
  await floor.transaction('rw', floor.bookings, () => floor.bookings.bulkPut(synced));
  out.bulkPutMs = performance.now() - t;
  floor.close();
  return out;
}

/** Inside a seed's transaction: the bookings synced now, on a device where `session` is signed in. */
async function putSignedIn(db: ReturnType<typeof openDb>) {
  await db.meta.put({ key: 'syncedAt:bookings', value: Date.now() });
  await db.meta.put({ key: 'lastUser', value: session.email });
  await db.meta.put({ key: 'session', value: session });
}

/** After a seed: `session` in localStorage too, as the app keeps it, and the database closed. */
function closeSignedIn(db: ReturnType<typeof openDb>) {
  for (const [k, v] of Object.entries(session)) localStorage.setItem(k, v);
  db.close();
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
    await putSignedIn(db);
  });
  closeSignedIn(db);
  return n;
}

/**
 * One booking of mine (`thread`, accepted, the carrier "Carrier 0") whose conversation holds `n`
 * messages over the last days, both sides taking turns, all read: the thread benchmark opens it
 * from the local store.
 */
async function seedThread(n: number) {
  const db = openDb();
  await db.open();
  const [order] = orders(1);
  const booking: OrderRow = {
    ...(order as Order),
    id: 'thread',
    listingId: 'thread_passenger',
    status: 'accepted',
    syncState: 'synced',
    syncError: null,
    outboxKey: null,
  };
  const now = Date.now();
  const messages = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    bookingId: 'thread',
    from: i % 2 === 0 ? ('traveller' as const) : ('carrier' as const),
    mine: i % 2 === 0,
    text:
      i % 7 === 0
        ? `message ${i + 1}: the box is ready, about 3 kg of books and a jar of pickle.\nSee you at the gate.`
        : `message ${i + 1}`,
    sentAt: new Date(now - (n - i) * 90_000).toISOString(),
    seq: i + 1,
    syncState: 'synced' as const,
    syncError: null,
    outboxKey: null,
  }));
  const last = messages.at(-1);
  const lastTheirs = messages.at(-2);
  await db.transaction('rw', [db.bookings, db.messages, db.reads, db.meta], async () => {
    await db.bookings.clear();
    await db.bookings.put(booking);
    await db.messages.clear();
    await db.messages.bulkPut(messages);
    await db.reads.put({
      id: 'thread',
      bookingId: 'thread',
      mine: lastTheirs?.id ?? null,
      mineSeq: lastTheirs?.seq ?? 0,
      theirs: last?.id ?? null,
      theirsSeq: last?.seq ?? 0,
      syncState: 'synced',
      syncError: null,
      outboxKey: null,
    });
    await putSignedIn(db);
  });
  closeSignedIn(db);
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
 * against this origin's server, then, with `direct`, sends `n` equal bodies
 * (other flight numbers, same Idempotency-Key header) with plain sequential fetch.
 */
async function drain(n: number, email: string, password: string, direct = true) {
  // Time spent waiting on the push and pull requests (the server and the link), apart from the
  // client's own work.
  const wire = { pushMs: 0, pushes: 0, pullMs: 0 };
  // When each request went and its answer was read, from the drain's start: the gaps between
  // are the page's own work (a batch's answer settled and the next one prepared, the pull applied).
  const requests: { path: string; sentMs: number; answeredMs: number }[] = [];
  let started = 0;
  const timed: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const t0 = performance.now();
    const res = await fetch(input, init);
    const body = await res.clone().arrayBuffer();
    const took = performance.now() - t0;
    if (started)
      requests.push({
        path: new URL(url, location.href).pathname,
        sentMs: Math.round(t0 - started),
        answeredMs: Math.round(t0 + took - started),
      });
    if (url.includes('/api/sync/push')) {
      wire.pushMs += took;
      wire.pushes += 1;
    } else if (url.includes('/api/sync/pull')) wire.pullMs += took;
    void body;
    return res;
  };
  const store = createStore({ db: await freshDb('bench-sync'), storage: memoryStorage({}), fetch: timed });
  const me = await login(store, { email, password });
  let t = performance.now();
  for (let i = 0; i < n; i++) await addListing(store, listingValues(i, 'AI'));
  const enqueueMs = performance.now() - t;
  t = performance.now();
  started = t;
  const result = await replayOutbox(store);
  const drainMs = performance.now() - t;
  started = 0;

  t = performance.now();
  let directOk = 0;
  for (let i = 0; direct && i < n; i++) {
    const res = await fetch('/carrier/carrier/add-listing', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ ...listingValues(i, '6E'), email: me.email, name: me.name, phone: me.phone }),
    });
    await res.text();
    if (res.ok) directOk += 1;
  }
  const directMs = direct ? performance.now() - t : null;
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
    ...wire,
    requests,
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, maxMs: number): Promise<boolean> {
  const end = performance.now() + maxMs;
  while (performance.now() < end) {
    if (await check()) return true;
    await wait(50);
  }
  return false;
}

function contactOf(me: { email: string; name: string; phone: string }, message: string) {
  return { name: 'Bench User', email: me.email, phone: me.phone, message };
}

let idleStore: Store | null = null;
let idleRequests = 0;

/** Signs in and queues two changes, ready for `idle` once the link is gone. */
async function prepareIdle(email: string, password: string) {
  const counting: typeof fetch = (input, init) => {
    idleRequests += 1;
    return fetch(input, init);
  };
  const store = createStore({ db: await freshDb('bench-idle'), storage: memoryStorage({}), fetch: counting });
  const me = await login(store, { email, password });
  for (const m of ['one', 'two']) await sendContactMessage(store, contactOf(me, `idle ${m}`));
  idleStore = store;
  idleRequests = 0;
}

/** Runs the page's sync loop for `ms` with the link gone; counts the requests it tried. */
async function idle(ms: number) {
  const store = idleStore;
  if (!store) throw new Error('prepareIdle first');
  idleRequests = 0;
  const stop = startSync(store);
  await wait(ms);
  stop();
  const left = await store.db.outbox.count();
  store.db.close();
  return { ms, requests: idleRequests, waiting: left };
}

/** A phone-sized photo: a 4032 x 3024 JPEG with detail (gradients, shapes, grain). */
async function phonePhoto(): Promise<Blob> {
  const canvas = new OffscreenCanvas(4032, 3024);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const grad = ctx.createLinearGradient(0, 0, 4032, 3024);
  grad.addColorStop(0, '#1e3a8a');
  grad.addColorStop(0.5, '#f59e0b');
  grad.addColorStop(1, '#065f46');
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, 4032, 3024);
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 3000; i++) {
    ctx.fillStyle = `hsla(${Math.floor(rnd() * 360)}, 70%, ${30 + rnd() * 40}%, 0.6)`;
    ctx.fillRect(rnd() * 4032, rnd() * 3024, 20 + rnd() * 200, 20 + rnd() * 200);
  }
  const grain = ctx.getImageData(0, 0, 4032, 3024);
  for (let i = 0; i < grain.data.length; i += 4) {
    const n = (rnd() - 0.5) * 24;
    grain.data[i] = (grain.data[i] ?? 0) + n;
    grain.data[i + 1] = (grain.data[i + 1] ?? 0) + n;
    grain.data[i + 2] = (grain.data[i + 2] ?? 0) + n;
  }
  ctx.putImageData(grain, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
}

/**
 * A courier request with a phone photo, then a contact message behind it, over whatever link
 * serves this page: the photo is downscaled as the courier form does, the sync loop runs, and
 * the times until each change is applied are taken from when the loop starts.
 */
async function photo(email: string, password: string, maxMs: number) {
  const store = createStore({ db: await freshDb('bench-photo'), storage: memoryStorage({}) });
  const me = await login(store, { email, password });
  const original = await phonePhoto();
  let t = performance.now();
  const prepared = await preparePhoto(original);
  const prepareMs = performance.now() - t;
  const form = {
    fullName: me.name,
    emailAddress: me.email,
    mobileNumber: me.phone,
    governmentIdType: '',
    governmentIdNumber: '',
    currentAddress: '',
    pinCode: '',
    itemDescription: 'Bench photo',
    paymentMode: 'UPI' as const,
    from: 'DEL',
    to: 'BOM',
    firstDay: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    lastDay: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
    weight: 1,
    declaredValue: 500,
    recipientName: 'Bench Recipient',
    recipientPhone: '9123456780',
    itemCategory: 'books',
    declarations: { noIllegalItems: true, termsAgreed: true, selfResponsibility: true },
  };
  const courier = await submitCourierRequest(store, form, prepared.blob, 'photo.jpg', original.size);
  const later = await sendContactMessage(store, contactOf(me, 'behind the photo'));
  t = performance.now();
  const stop = startSync(store);
  let laterMs: number | null = null;
  let courierMs: number | null = null;
  await until(async () => {
    if (laterMs === null && !(await store.db.outbox.get(later.key))) laterMs = performance.now() - t;
    if (courierMs === null && !(await store.db.outbox.get(courier.key))) courierMs = performance.now() - t;
    return laterMs !== null && courierMs !== null;
  }, maxMs);
  stop();
  store.db.close();
  return {
    originalBytes: original.size,
    sentBytes: prepared.blob.size,
    width: prepared.width,
    height: prepared.height,
    prepareMs,
    laterMs,
    courierMs,
  };
}

declare global {
  interface Window {
    carryBench: {
      mirror: typeof mirror;
      seedApp: typeof seedApp;
      seedThread: typeof seedThread;
      drain: typeof drain;
      prepareIdle: typeof prepareIdle;
      idle: typeof idle;
      photo: typeof photo;
    };
  }
}
window.carryBench = { mirror, seedApp, seedThread, drain, prepareIdle, idle, photo };
document.title = 'Carry benchmarks (ready)';
