// One account cannot stall everyone through POST /api/sync/push (issue 27): a budget of mutations
// per minute per account and per device (answered in part, then 429 sync/rate-limited with
// Retry-After), answers kept only until the device's pull acknowledges them or for an hour, idle
// client rows removed, and a long push applied in parts (all of it, in order).
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REASON_CODES } from '@/domain/booking/reasons';
import { DEFAULT_CONFIG } from '@/server/config';
import { syncClients, syncResults } from '@/server/db/schema';
import { pruneSyncClients, pruneSyncResults, vacuumChurn } from '@/server/model/sync.retention';
import { createTestServer, serverPerFile } from '../support/server-app';
import { signupAndLogin, type TestUser } from '../support/server-users';

const clock = { t: Date.now() };
const server = serverPerFile({
  clock: { now: () => clock.t },
  config: { syncMutationsPerMinute: 10, syncMutationsPerMinutePerClient: 6 },
});
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** `n` unwatch mutations of watches that do not exist: no-ops, from id `from` on. */
const noOps = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, kind: 'unwatch', args: { id: crypto.randomUUID() } }));
const push = (u: TestUser, clientId: string, mutations: unknown[]) =>
  u.call('POST', '/api/sync/push', { clientId, user: u.email, mutations });

describe('the budget of mutations per minute', () => {
  it('answers a push past the device budget in part, then 429 with Retry-After; the account budget holds across devices', async () => {
    const u = await signupAndLogin(server);
    const a = crypto.randomUUID();
    const first = await push(u, a, noOps(1, 8));
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.results.map((r: { id: number }) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.lastMutationId).toBe(6);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    const refused = await push(u, a, noOps(7, 2));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'sync/rate-limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Another device of the same account: what is left of the account's 10.
    const b = await push(u, crypto.randomUUID(), noOps(1, 8));
    expect((await b.json()).results).toHaveLength(4);
    // Another account is not touched.
    const other = await signupAndLogin(server);
    expect((await (await push(other, crypto.randomUUID(), noOps(1, 6))).json()).results).toHaveLength(6);
    // A minute later the device sends the rest, and nothing was refused.
    clock.t += MINUTE + 1000;
    const rest = await push(u, a, noOps(7, 2));
    expect(rest.status).toBe(200);
    expect((await rest.json()).results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
  });
});

describe('a push past a budget', () => {
  it('is refused before its body is checked: the 429 comes whatever the mutations', async () => {
    clock.t += MINUTE + 1000;
    const u = await signupAndLogin(server);
    const a = crypto.randomUUID();
    expect((await (await push(u, a, noOps(1, 8))).json()).results).toHaveLength(6);
    // The device's budget is spent (the account's is not): its next push is refused before its
    // mutations are looked at, as an invalid one shows.
    const invalid = await push(u, a, [{ id: 'seven', kind: 'unwatch' }]);
    expect(invalid.status).toBe(429);
    expect(await invalid.json()).toMatchObject({ code: 'sync/rate-limited' });
    expect(Number(invalid.headers.get('retry-after'))).toBeGreaterThan(0);
    // The account's budget spent by another device: refused before the body is even parsed.
    expect((await (await push(u, crypto.randomUUID(), noOps(1, 8))).json()).results).toHaveLength(4);
    const malformed = await u.call('POST', '/api/sync/push', '{"clientId": ');
    expect(malformed.status).toBe(429);
    expect(Number(malformed.headers.get('retry-after'))).toBeGreaterThan(0);
    // Its minute over, both are answered again.
    clock.t += MINUTE + 1000;
    expect((await push(u, a, noOps(7, 2))).status).toBe(200);
  });
});

describe('a long push', () => {
  it('applies every mutation in order, in parts', async () => {
    const big = await createTestServer();
    try {
      const u = await signupAndLogin(big);
      const res = await push(u, crypto.randomUUID(), noOps(1, 300));
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.lastMutationId).toBe(300);
      expect(body.results.map((r: { id: number }) => r.id)).toEqual(
        Array.from({ length: 300 }, (_, i) => i + 1),
      );
    } finally {
      await big.close();
    }
  }, 60_000);
});

describe("an account's pushes at once", () => {
  it('take turns: two wait, one more is answered 503 sync/busy with Retry-After, and a refused push passes its turn on', async () => {
    const big = await createTestServer();
    try {
      const u = await signupAndLogin(big);
      const other = await signupAndLogin(big);
      const clients = [1, 2, 3, 4].map(() => crypto.randomUUID());
      // The first is long (parts that give way between them), so the others arrive while it runs;
      // one of the waiting ones is invalid (refused after its turn came) and must pass it on.
      const answers = await Promise.all([
        push(u, clients[0] as string, noOps(1, 300)),
        push(u, clients[1] as string, noOps(1, 5)),
        u.call('POST', '/api/sync/push', { clientId: clients[2], user: u.email, mutations: 'none' }),
        push(u, clients[3] as string, noOps(1, 5)),
        push(other, crypto.randomUUID(), noOps(1, 5)),
      ]);
      const statuses = answers.map((r) => r.status);
      // Another account's push is never held by this one's.
      expect(statuses[4]).toBe(200);
      expect(statuses[0]).toBe(200);
      // The three arrive in any order: the one beyond the two waiting is busy. The invalid one is
      // refused once its turn comes (400), unless it was the one beyond (503).
      const waiting = statuses.slice(1, 4).sort();
      expect([
        [200, 400, 503],
        [200, 200, 503],
      ]).toContainEqual(waiting);
      if (!waiting.includes(400)) expect(statuses[2]).toBe(503);
      const busy = answers.find((r) => r.status === 503) as Response;
      expect(await busy.json()).toMatchObject({ code: 'sync/busy' });
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
      // Everything answered 200 was applied in full.
      for (const r of answers.filter((a) => a.status === 200)) {
        const body = await r.json();
        expect(body.lastMutationId).toBe(body.results.length);
      }
      // The turn is free again: the busy one, sent again, goes.
      const again = clients[answers.indexOf(busy)] as string;
      expect((await push(u, again, noOps(1, 5))).status).toBe(200);
    } finally {
      await big.close();
    }
  }, 60_000);
});

describe('a session that sends again at once, ignoring Retry-After', () => {
  it('is answered from memory after a pause, four at a time; past four at once, at once', async () => {
    const HOLD = 3000;
    const held = await createTestServer({
      clock: { now: () => clock.t },
      config: { syncMutationsPerMinute: 10, syncMutationsPerMinutePerClient: 10, syncRefusalHoldMs: HOLD },
    });
    try {
      const u = await signupAndLogin(held);
      const device = crypto.randomUUID();
      expect((await (await push(u, device, noOps(1, 10))).json()).results).toHaveLength(10);
      // The first refusal is the database's: it notes the session as spent.
      expect((await push(u, device, noOps(11, 1))).status).toBe(429);
      // Eight more at once: four are held, four answered at once (the held ones cannot come
      // before HOLD has passed).
      const answered: number[] = [];
      const pushes = Array.from({ length: 8 }, (_, i) =>
        push(u, device, noOps(11, 1)).then((r) => {
          answered.push(i);
          return r;
        }),
      );
      const first = await Promise.race(pushes);
      expect(first.status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toHaveLength(4);
      const all = await Promise.all(pushes);
      expect(answered).toHaveLength(8);
      for (const r of all) {
        expect(r.status).toBe(429);
        expect(await r.json()).toMatchObject({ code: 'sync/rate-limited' });
        const retryAfter = Number(r.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      // Another session of another account is not held by it.
      const other = await signupAndLogin(held);
      expect((await push(other, crypto.randomUUID(), noOps(1, 1))).status).toBe(200);
      // The minute over, the session's pushes go again.
      clock.t += MINUTE + 1000;
      expect((await push(u, device, noOps(11, 1))).status).toBe(200);
    } finally {
      await held.close();
    }
  });
});

describe('what a push keeps', () => {
  it('drops the answers the device acknowledges in its pull', async () => {
    clock.t += MINUTE + 1000;
    const u = await signupAndLogin(server);
    const clientId = crypto.randomUUID();
    expect((await push(u, clientId, noOps(1, 3))).status).toBe(200);
    const kept = () => server.db.select().from(syncResults).where(eq(syncResults.clientId, clientId));
    expect(await kept()).toHaveLength(3);
    const pulled = await u.call('GET', `/api/sync/pull?clientId=${clientId}&acked=2`);
    expect(pulled.status).toBe(200);
    expect((await kept()).map((r) => r.mutationId)).toEqual([3]);
    // A lost answer still reaches the device by the pull, as before.
    expect((await pulled.json()).results).toMatchObject([{ id: 3, ok: true }]);
  });

  it('keeps an unacknowledged answer an hour, then acknowledges a re-push without applying it', async () => {
    clock.t += MINUTE + 1000;
    const u = await signupAndLogin(server);
    const clientId = crypto.randomUUID();
    const once = noOps(1, 2);
    expect((await push(u, clientId, once)).status).toBe(200);
    const kept = async () =>
      (await server.db.select().from(syncResults).where(eq(syncResults.clientId, clientId))).length;
    await pruneSyncResults(server.db, clock.t + 59 * MINUTE, DEFAULT_CONFIG.idempotencyRetentionMs);
    expect(await kept()).toBe(2);
    await pruneSyncResults(server.db, clock.t + HOUR + 1000, DEFAULT_CONFIG.idempotencyRetentionMs);
    expect(await kept()).toBe(0);
    const again = await (await push(u, clientId, once)).json();
    expect(again).toMatchObject({
      lastMutationId: 2,
      results: [
        { id: 1, ok: true, body: {} },
        { id: 2, ok: true, body: {} },
      ],
    });
    await vacuumChurn(server.db);
  });

  it('keeps a refusal past the hour until acknowledged, so a device whose answer was lost still learns it was refused', async () => {
    clock.t += MINUTE + 1000;
    const u = await signupAndLogin(server);
    const clientId = crypto.randomUUID();
    const refused = {
      id: 3,
      kind: 'cancel-booking',
      args: { bookingId: crypto.randomUUID(), reason: { code: REASON_CODES[0] } },
    };
    const first = await (await push(u, clientId, [...noOps(1, 2), refused])).json();
    expect(first.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, false]);
    const kept = async () =>
      (await server.db.select().from(syncResults).where(eq(syncResults.clientId, clientId))).map(
        (r) => r.mutationId,
      );
    await pruneSyncResults(server.db, clock.t + 2 * HOUR, DEFAULT_CONFIG.idempotencyRetentionMs);
    expect(await kept()).toEqual([3]);
    // The answer was lost: the device pushes it again two hours later and is told the refusal.
    const again = await (await push(u, clientId, [refused])).json();
    expect(again.results).toMatchObject([{ id: 3, ok: false, code: first.results[2].code }]);
    // Acknowledged by a pull, it goes.
    expect((await u.call('GET', `/api/sync/pull?clientId=${clientId}&acked=3`)).status).toBe(200);
    expect(await kept()).toEqual([]);
  });

  it('removes idle client rows: all after 60 days, and beyond 20 per user after an hour', async () => {
    const u = await signupAndLogin(server);
    const ids: string[] = [];
    const start = clock.t;
    for (let i = 0; i < 24; i += 1) {
      clock.t = start + i * MINUTE;
      const id = crypto.randomUUID();
      ids.push(id);
      expect((await push(u, id, noOps(1, 1))).status).toBe(200);
    }
    const left = async () =>
      (
        await server.db.select({ id: syncClients.id }).from(syncClients).where(inArray(syncClients.id, ids))
      ).map((r) => r.id);
    // Within the hour nothing goes; an hour after the last, the 4 oldest beyond 20.
    await pruneSyncClients(server.db, clock.t);
    expect(await left()).toHaveLength(24);
    await pruneSyncClients(server.db, clock.t + HOUR + 1000);
    expect(new Set(await left())).toEqual(new Set(ids.slice(4)));
    await pruneSyncClients(server.db, clock.t + 61 * 24 * HOUR);
    expect(await left()).toEqual([]);
  });
});
