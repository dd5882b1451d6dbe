// @vitest-environment node
// replayOutbox's order within one pass: each next entry is read fresh, so an older entry the user
// retries mid-pass goes before the newer ones, and one discarded mid-pass is never sent.
import { describe, expect, it } from 'vitest';
import { discardEntry, replayOutbox, retryEntry, type Store, sendContactMessage } from '@/data';
import { STORAGE_KEYS } from '@/domain/constants';
import { testStore } from '../support/data-store';

/** A contact API: `refuse` is answered 400 once; `during[message]` runs before that message's answer. */
function contactApi(refuse: string, during: Record<string, () => Promise<void>>) {
  const sent: string[] = [];
  let refused = false;
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const { message } = (await req.json()) as { message: string };
    sent.push(message);
    await during[message]?.();
    const status = message === refuse && !refused ? 400 : 200;
    if (status === 400) refused = true;
    return new Response(JSON.stringify(status === 400 ? { message: 'Refused' } : {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { sent, fetch: fetchFn as typeof fetch };
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
  it('sends an older entry retried mid-pass before the newer entries behind it', async () => {
    const keys: Record<string, string> = {};
    const api = contactApi('a', { b: () => retryEntry(store, keys.a ?? '') });
    const store = signedInStore(api.fetch);
    for (const m of ['a', 'b', 'c']) keys[m] = await queue(store, m);

    expect(await replayOutbox(store)).toMatchObject({ sent: 3, failed: 1, remaining: 0 });
    expect(api.sent).toEqual(['a', 'b', 'a', 'c']);
    store.db.close();
  });

  it('never sends an entry discarded mid-pass', async () => {
    const keys: Record<string, string> = {};
    const api = contactApi('none', { a: () => discardEntry(store, keys.b ?? '') });
    const store = signedInStore(api.fetch);
    for (const m of ['a', 'b', 'c']) keys[m] = await queue(store, m);

    expect(await replayOutbox(store)).toMatchObject({ sent: 2, remaining: 0 });
    expect(api.sent).toEqual(['a', 'c']);
    store.db.close();
  });
});
