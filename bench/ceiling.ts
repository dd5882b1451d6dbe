// The ceiling of the server benchmark: the same database work as each benchmarked call (the
// app's own query functions, so the same SQL through the same driver and pool), in a bare
// node:http handler: no Hono, no middleware, no validation, no request log. What the app loses
// against it is the framework's share. GET /fixed answers one fixed JSON body (no database).
// Env: DATABASE_URL or DATA_DIR (a copy of the app's PGlite folder), PORT, WORKERS.
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_CONFIG as C,
  createDb,
  createSession,
  type Db,
  dummyHash,
  findSessionUser,
  ordersOf,
  pruneThrottles,
  reserve,
  schema,
  searchListings,
  verifyPassword,
} from '@/server';

const port = Number(process.env.PORT ?? 0);
const workers = Number(process.env.WORKERS ?? 1);

async function body(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
}

function send(res: ServerResponse, status: number, value: unknown) {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

const tokenOf = (req: IncomingMessage) => /carry_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
const session = (db: Db, req: IncomingMessage) =>
  findSessionUser(db, tokenOf(req), Date.now(), C.sessionTtlMs);

async function login(db: Db, input: Record<string, string>) {
  const now = Date.now();
  const email = String(input.email);
  // The app's two throttle counters (the same SQL); limits high enough never to refuse here.
  const limits = [
    { key: `login-email:${email}`, max: 1e9, windowMs: C.loginWindowMs, maxParallel: 1e9 },
    { key: 'login-address:127.0.0.1', max: 1e9, windowMs: C.loginWindowMs, maxParallel: 1e9 },
  ];
  const slot = await reserve(db, limits, now);
  if (!slot) return null;
  const [user] = await db.select().from(schema.users).where(eq(schema.users.email, email));
  const { ok } = await verifyPassword(String(input.password), user?.passwordHash ?? (await dummyHash()));
  await slot.done(...(ok && user ? (['clear', 'refund'] as const) : (['count'] as const)));
  if (!user || !ok) return null;
  await pruneThrottles(db, now, 60 * 60 * 1000);
  return {
    token: await createSession(db, user.id, now, { ttlMs: C.sessionTtlMs, maxPerUser: C.maxSessionsPerUser }),
    email: user.email,
  };
}

async function handle(db: Db, req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? '').split('?')[0];
  if (path === '/fixed') return send(res, 200, { status: 200, message: 'ok', bookings: [] });
  if (path === '/auth/login') {
    const answer = await login(db, await body(req));
    return answer ? send(res, 200, answer) : send(res, 401, { message: 'no' });
  }
  const input = req.method === 'POST' ? await body(req) : {};
  const user = await session(db, req);
  if (!user) return send(res, 401, { status: 401 });
  if (path === '/api/auth') return send(res, 200, { status: 200, email: user.email });
  if (path === '/api/search-listings') {
    const q = {
      from: input.from ?? '',
      to: input.to ?? '',
      departure: input.departure ?? '',
      flightNo: input.flightNo ?? '',
    };
    return send(res, 200, await searchListings(db, q, Date.now()));
  }
  if (path === '/api/carrier-orders')
    return send(res, 200, { bookings: await ordersOf(db, user.id, 'carrier') });
  return send(res, 404, { message: 'not found' });
}

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
} else {
  const database = await createDb(
    process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR },
  );
  createServer((req, res) => {
    handle(database.db, req, res).catch((err) => send(res, 500, { message: String(err) }));
  }).listen(port, '127.0.0.1');
  process.on('SIGTERM', () => database.close().finally(() => process.exit(0)));
}
