// @vitest-environment node
// Push order and outcomes against a fake sync server: ids increase per client in send order, a
// refused mutation does not hold the ones behind it, Retry sends it again under a new id, and a
// discarded one is never sent.
import { describe, expect, it } from 'vitest';
import { discardEntry, replayOutbox, retryEntry, type Store, sendContactMessage } from '@/data';
import { STORAGE_KEYS } from '@/domain/constants';
import { testStore } from '../support/data-store';

interface Pushed {
  id: number;
  message: string;
}

/** A push endpoint that refuses `refuse` once (400-like, recorded) and applies the rest. */
function pushApi(refuse: string, during: () => Promise<void> = async () => {}) {
  const pushes: Pushed[][] = [];
  let last = 0;
  let refused = false;
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const path = new URL(req.url).pathname;
    if (path === '/api/sync/pull') return new Response('{}', { status: 503 });
    const body = (await req.json()) as { mutations: { id: number; args: { message: string } }[] };
    pushes.push(body.mutations.map((m) => ({ id: m.id, message: m.args.message })));
    await during();
    const results = body.mutations.map((m) => {
      last = Math.max(last, m.id);
      if (m.args.message === refuse && !refused) {
        refused = true;
        return { id: m.id, ok: false, code: 'request/invalid', message: 'Refused' };
      }
      return { id: m.id, ok: true, body: {} };
    });
    return Response.json({ lastMutationId: last, results });
  };
  return { pushes, fetch: fetchFn as typeof fetch };
}

async function queue(store: Store, message: string) {
  return (
    await sendContactMessage(store, {
      name: 'Asha Rao',
      email: 'a@example.com',
      phone: '9000000000',
      message,
    })
  ).key;
}

function signedInStore(fetchFn: typeof fetch): Store {
  const store = testStore({ fetch: fetchFn });
  store.storage?.setItem(STORAGE_KEYS.token, 'tok');
  store.storage?.setItem(STORAGE_KEYS.email, 'a@example.com');
  return store;
}

describe('replayOutbox order', () => {
  it('sends a batch in order; a refused mutation fails alone and the ones behind it go', async () => {
    const api = pushApi('a');
    const store = signedInStore(api.fetch);
    const keys: Record<string, string> = {};
    for (const m of ['a', 'b', 'c']) keys[m] = await queue(store, m);

    expect(await replayOutbox(store)).toMatchObject({ sent: 2, failed: 1, remaining: 0 });
    expect(api.pushes).toEqual([
      [
        { id: 1, message: 'a' },
        { id: 2, message: 'b' },
        { id: 3, message: 'c' },
      ],
    ]);
    expect(await store.db.outbox.get(keys.a ?? '')).toMatchObject({
      state: 'failed',
      lastError: 'Refused',
      lastErrorCode: 'request/invalid',
    });

    // Retry: the server recorded id 1 as refused, so it goes again under a new id.
    await retryEntry(store, keys.a ?? '');
    expect(await replayOutbox(store)).toMatchObject({ sent: 1, failed: 0, remaining: 0 });
    expect(api.pushes[1]).toEqual([{ id: 4, message: 'a' }]);
    store.db.close();
  });

  it('never sends an entry discarded before its turn', async () => {
    const api = pushApi('none');
    const store = signedInStore(api.fetch);
    const keys: Record<string, string> = {};
    for (const m of ['a', 'b', 'c']) keys[m] = await queue(store, m);
    await discardEntry(store, keys.b ?? '');

    expect(await replayOutbox(store)).toMatchObject({ sent: 2, remaining: 0 });
    expect(api.pushes.flat().map((p) => p.message)).toEqual(['a', 'c']);
    store.db.close();
  });

  it('drops an entry discarded while its push was in flight once the answer comes', async () => {
    const keys: Record<string, string> = {};
    const api = pushApi('none', () => discardEntry(store, keys.b ?? ''));
    const store = signedInStore(api.fetch);
    for (const m of ['a', 'b', 'c']) keys[m] = await queue(store, m);

    expect(await replayOutbox(store)).toMatchObject({ sent: 3, remaining: 0 });
    expect(await store.db.outbox.count()).toBe(0);
    store.db.close();
  });
});
