// A push gives way to everyone else's requests (issue 27, point 1): before each of its parts it
// waits until no other request is in progress (config.syncGiveWayMs at most), and while others
// are about its parts are short, since on PGlite a part holds the connection and the event loop
// and a request arriving during one waits for all of it. Parts are seen through the answers they
// store: each part stamps its answers with one reading of the clock, which here moves on at
// every reading.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncClients, syncResults } from '@/server/db/schema';
import { createTestServer, type TestServer } from '../support/server-app';
import { signupAndLogin, type TestUser } from '../support/server-users';

let t = Date.now();
const ticking = { now: () => (t += 1) };

const noOps = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, kind: 'unwatch', args: { id: crypto.randomUUID() } }));
const push = (u: TestUser, clientId: string, n: number) =>
  u.call('POST', '/api/sync/push', { clientId, user: u.email, mutations: noOps(n) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An ordinary request in progress until `release()`: a login whose body has not all arrived. */
function heldRequest(server: TestServer) {
  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      release = () => {
        controller.enqueue(new TextEncoder().encode('{}'));
        controller.close();
      };
    },
  });
  const answer = server.request('/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  return { answer, release: () => release() };
}

/** How many answers each part of the client's push stored, in order. */
async function partSizes(server: TestServer, clientId: string): Promise<number[]> {
  const rows = await server.db.select().from(syncResults).where(eq(syncResults.clientId, clientId));
  const sizes = new Map<number, number>();
  for (const r of rows) sizes.set(r.createdAt.getTime(), (sizes.get(r.createdAt.getTime()) ?? 0) + 1);
  return [...sizes].sort(([a], [b]) => a - b).map(([, n]) => n);
}

describe('a push while another request is in progress', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ config: { syncGiveWayMs: 60_000 } });
  });
  afterAll(() => server.close());

  it('applies nothing until that request has ended', async () => {
    const u = await signupAndLogin(server);
    const clientId = crypto.randomUUID();
    const held = heldRequest(server);
    const pushed = push(u, clientId, 3);
    const first = await Promise.race([pushed.then(() => 'answered'), sleep(300).then(() => 'waiting')]);
    expect(first).toBe('waiting');
    // Not even its first part: the client row it creates is not there.
    expect(await server.db.select().from(syncClients).where(eq(syncClients.id, clientId))).toEqual([]);
    held.release();
    expect((await held.answer).status).toBe(400);
    const res = await pushed;
    expect(res.status).toBe(200);
    expect((await res.json()).lastMutationId).toBe(3);
  }, 60_000);
});

describe('the parts of a push', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ clock: ticking, config: { syncGiveWayMs: 1 } });
  });
  afterAll(() => server.close());

  it('are short while others are about', async () => {
    const u = await signupAndLogin(server);
    const shared = crypto.randomUUID();
    const held = heldRequest(server);
    expect((await push(u, shared, 40)).status).toBe(200);
    held.release();
    await held.answer;
    const whileHeld = await partSizes(server, shared);
    expect(whileHeld.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...whileHeld)).toBeLessThanOrEqual(8);
  }, 60_000);
});
