// A fake API for screen tests: JSON handlers per "METHOD /path", sensible defaults for a signed-in
// user with nothing stored yet, and a log of what was requested.
import type { Airline, Airport } from '@/domain/reference/schema';

export type Handler = (req: Request) => Response | Promise<Response>;

export const AIRPORTS: Airport[] = [
  {
    id: '1',
    code: 'BOM',
    name: 'Chhatrapati Shivaji Maharaj International Airport',
    city: 'Mumbai',
    country: 'India',
    cc: 'IN',
    timeZone: 'Asia/Kolkata',
    rank: 999,
    alt: ['Bombay'],
    metro: '',
  },
  {
    id: '2',
    code: 'DEL',
    name: 'Indira Gandhi International Airport',
    city: 'Delhi',
    country: 'India',
    cc: 'IN',
    timeZone: 'Asia/Kolkata',
    rank: 1000,
    alt: [],
    metro: '',
  },
  {
    id: '3',
    code: 'DXB',
    name: 'Dubai International Airport',
    city: 'Dubai',
    country: 'United Arab Emirates',
    cc: 'AE',
    timeZone: 'Asia/Dubai',
    rank: 20,
    alt: [],
    metro: '',
  },
];
export const AIRLINES: Airline[] = [
  { id: '1', code: 'AI', name: 'Air India' },
  { id: '2', code: '6E', name: 'IndiGo' },
];

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Set this route to answer `{messages, reads}`: the pull's messages and read-state collections. */
export const THREADS_ROUTE = 'GET /pull-threads';

/** Set this route to answer the pull's `rules` (the operator's settings, e.g. cancelCutoffHours). */
export const RULES_ROUTE = 'GET /pull-rules';

export interface FakeApi {
  fetch: typeof fetch;
  routes: Map<string, Handler>;
  /** "METHOD /path" of every request, in order. */
  calls: string[];
  on(route: string, handler: Handler): void;
}

/** `offline: true` makes every request fail as a network error. */
export function fakeApi(opts: { authed?: boolean; offline?: boolean } = {}): FakeApi {
  const routes = new Map<string, Handler>([
    ['GET /api/auth', () => (opts.authed === false ? json({ status: 401 }, 401) : json({ status: 200 }))],
    ['GET /api/get/airports', () => json(AIRPORTS)],
    ['GET /api/get/airlines', () => json(AIRLINES)],
    ['GET /api/orders', () => json({ bookings: [] })],
    ['GET /api/carrier-orders', () => json({ bookings: [] })],
    ['GET /api/listings/*', () => json([])],
    ['POST /api/events', () => json({ ok: true })],
    ['POST /auth/logout', () => json({ ok: true })],
  ]);
  const calls: string[] = [];
  // The sync pull answers with what the per-resource handlers say, so a screen test sets up (or
  // breaks) bookings, orders, listings and profile one by one as before.
  routes.set('GET /api/sync/pull', async (req) => {
    const part = async (route: string) => {
      const handler = routes.get(route);
      if (!handler) return null;
      const res = await handler(req);
      if (res.status === 404 && route.includes('profile')) return null;
      if (!res.ok) throw res;
      return res.json();
    };
    try {
      const [bookings, orders, listings, profile, threads, rules] = await Promise.all([
        part('GET /api/orders'),
        part('GET /api/carrier-orders'),
        part('GET /api/listings/*'),
        part('GET /api/profile/*'),
        // Not a real path: a test that sets it puts messages and read state in the pull.
        part(THREADS_ROUTE),
        part(RULES_ROUTE),
      ]);
      const snapshot = {
        bookings: bookings?.bookings ?? [],
        orders: orders?.bookings ?? [],
        listings: listings ?? [],
        profile: profile ?? null,
        ...(threads ? { messages: threads.messages ?? [], reads: threads.reads ?? [] } : {}),
      };
      return json({
        user: 'asha@example.com',
        lastMutationId: 0,
        cookie: String(Math.random()),
        snapshot,
        ...(rules ? { rules } : {}),
      });
    } catch (res) {
      return res as Response;
    }
  });
  const api: FakeApi = {
    routes,
    calls,
    on(route, handler) {
      routes.set(route, handler);
    },
    fetch: async (input, init) => {
      const req = new Request(input, init);
      const { pathname } = new URL(req.url);
      calls.push(`${req.method} ${pathname}`);
      if (opts.offline) throw new TypeError('fetch failed');
      const exact = routes.get(`${req.method} ${pathname}`);
      const prefix = [...routes.entries()].find(
        ([k]) => k.endsWith('*') && `${req.method} ${pathname}`.startsWith(k.slice(0, -1)),
      );
      const handler = exact ?? prefix?.[1];
      return handler ? handler(req) : json({ message: 'Not found.' }, 404);
    },
  };
  return api;
}
