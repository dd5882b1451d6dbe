// Withdraw -> gone (`node --import tsx bench/withdraw.ts out.json`, or `npm run bench -- withdraw`):
// a carrier withdraws a listing (POST /api/listings/:id/withdraw) while another user has searched
// it and a third watches its route (the `watched` mirror holds it). Timed from the withdraw's
// request to the first answer that no longer shows the listing: the other user's search
// (POST /api/search-listings) and the watcher's diff pull (GET /api/sync/pull, the `watched`
// collection), each asked back to back until it has gone. In-process (app.request, no socket or
// browser: what a device adds is its poke and its pull's round trip, bench `live`), on PGlite and,
// with BENCH_BACKENDS=postgres or a PostgreSQL at 127.0.0.1, on a throwaway PostgreSQL database.
// Settings: BENCH_WITHDRAW_SAMPLES (30). Goal: p95 <= 1 s.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createApp, createDb, seedReferenceData } from '@/server';
import { throwawayDatabase } from './support/postgres';
import { median, percentile, round } from './support/util.mjs';

const OUT = process.argv[2] ?? 'bench/results/withdraw.json';
const SAMPLES = Number(process.env.BENCH_WITHDRAW_SAMPLES ?? 30);
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const json = (method: string, body: unknown, cookie: string) => ({
  method,
  headers: { 'Content-Type': 'application/json', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
type App = ReturnType<typeof createApp>;

async function user(app: App, name: string) {
  const who = { name, phone: '9876543210', email: `withdraw-${crypto.randomUUID()}@example.com` };
  const password = 'Bench@12345';
  const signup = await app.request(
    '/auth/signup',
    json('POST', { ...who, age: 30, gender: 'female', password, confirmPassword: password }, ''),
  );
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const login = await app.request('/auth/login', json('POST', { email: who.email, password }, ''));
  const { token } = (await login.json()) as { token: string };
  const cookie = `carry_session=${token}`;
  const call = (method: string, path: string, body?: unknown) =>
    app.request(path, json(method, body, cookie));
  return { ...who, call };
}
type User = Awaited<ReturnType<typeof user>>;

const stats = (xs: number[]) => ({
  samples: xs.length,
  p50: round(median(xs), 1),
  p95: round(percentile(xs, 95), 1),
  max: round(Math.max(...xs), 1),
});

async function searchShows(searcher: User, id: string, flightNo: string): Promise<boolean> {
  const body = {
    from: 'DEL',
    to: 'BOM',
    departure: DEPARTURE,
    flightNo,
    airline: 'AI',
    email: searcher.email,
    name: searcher.name,
    phone: searcher.phone,
  };
  const found = await (await searcher.call('POST', '/api/search-listings', body)).json();
  return Array.isArray(found) && found.some((l: { id: string }) => l.id === id);
}

/** The watcher's device: a client with a cookie, pulling diffs; `shows` whether `watched` holds `id`. */
function watcherDevice(watcher: User) {
  const clientId = `bench-${crypto.randomUUID()}`;
  let cookie = '';
  const held = new Set<string>();
  return {
    clientId,
    async pull() {
      const q = `clientId=${clientId}&user=${encodeURIComponent(watcher.email)}&diff=1&protocol=2${cookie ? `&cookie=${encodeURIComponent(cookie)}` : ''}`;
      const res = await watcher.call('GET', `/api/sync/pull?${q}`);
      if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
      const body = (await res.json()) as {
        cookie: string;
        snapshot: { watched?: { id: string }[] } | null;
        patch?: { watched?: { put: { id: string }[]; del: string[] } } | null;
      };
      cookie = body.cookie;
      if (body.snapshot) {
        held.clear();
        for (const l of body.snapshot.watched ?? []) held.add(l.id);
      }
      for (const l of body.patch?.watched?.put ?? []) held.add(l.id);
      for (const id of body.patch?.watched?.del ?? []) held.delete(id);
    },
    shows: (id: string) => held.has(id),
  };
}

async function measure(backend: 'pglite' | 'postgres') {
  const pg = backend === 'postgres' ? await throwawayDatabase('withdraw') : null;
  const database = await createDb(pg ? { url: pg.url } : {});
  try {
    await seedReferenceData(database.db);
    const app = createApp({ db: database.db, config: { openListingsMax: SAMPLES + 5, log: () => {} } });
    const [carrier, searcher, watcher] = [
      await user(app, 'Asha Rao'),
      await user(app, 'Ravi Kumar'),
      await user(app, 'Meera Shah'),
    ];
    const device = watcherDevice(watcher);
    const watch = { id: crypto.randomUUID(), from: 'DEL', to: 'BOM', departure: DEPARTURE, days: 0 };
    const pushed = await watcher.call('POST', '/api/sync/push', {
      clientId: device.clientId,
      user: watcher.email,
      protocol: 2,
      mutations: [{ id: 1, kind: 'watch', args: watch }],
    });
    if (pushed.status !== 200) throw new Error(`watch push answered ${pushed.status}`);
    const search: number[] = [];
    const mirror: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const flightNo = `AI${2000 + i}`;
      const added = await carrier.call('POST', '/carrier/carrier/add-listing', {
        from: 'DEL',
        to: 'BOM',
        departure: DEPARTURE,
        time: '10:30',
        airline: 'AI',
        flightNo,
        weight: 10,
        cost: 500,
        email: carrier.email,
        name: carrier.name,
        phone: carrier.phone,
      });
      const { listing } = (await added.json()) as { listing: { id: string } };
      await device.pull();
      if (!device.shows(listing.id) || !(await searchShows(searcher, listing.id, flightNo)))
        throw new Error('the listing is not offered before its withdrawal');
      const t0 = performance.now();
      const withdrawn = await carrier.call('POST', `/api/listings/${listing.id}/withdraw`, {
        reason: { code: 'flight-changed' },
      });
      if (withdrawn.status !== 200) throw new Error(`withdraw answered ${withdrawn.status}`);
      const [s, m] = await Promise.all([
        (async () => {
          while (await searchShows(searcher, listing.id, flightNo));
          return performance.now() - t0;
        })(),
        (async () => {
          for (;;) {
            await device.pull();
            if (!device.shows(listing.id)) return performance.now() - t0;
          }
        })(),
      ]);
      search.push(s);
      mirror.push(m);
    }
    return { search: stats(search), mirror: stats(mirror) };
  } finally {
    await database.close();
    await pg?.drop();
  }
}

const result: Record<string, unknown> = {
  at: new Date().toISOString(),
  samples: SAMPLES,
  loadBefore: loadavg()[0],
};
for (const backend of ['pglite', 'postgres'] as const) {
  try {
    result[backend] = await measure(backend);
  } catch (err) {
    result[backend] = { error: err instanceof Error ? err.message : String(err) };
  }
}
result.loadAfter = loadavg()[0];
writeFileSync(OUT, JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));
