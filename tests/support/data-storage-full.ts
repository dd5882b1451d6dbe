// A device whose storage fills up: writes to chosen tables fail with QuotaExceededError, as
// IndexedDB answers when the browser's quota is used up. Reads still work. A Dexie middleware,
// installed by closing the tab's database and opening it again (middleware joins at open).
//
//   const full = await storageFull(store)            nothing fails yet
//   full.fail = (table, type) => table === 'analytics'   the next writes to analytics fail
//   full.fail = null                                  space freed
//   full.failures                                     how many writes were refused
import type { DBCore, DBCoreMutateRequest } from 'dexie';
import type { Store } from '@/data';

export interface StorageFull {
  fail: ((table: string, type: DBCoreMutateRequest['type']) => boolean) | null;
  failures: number;
}

export async function storageFull(store: Store): Promise<StorageFull> {
  const state: StorageFull = { fail: null, failures: 0 };
  const { db } = store;
  db.close({ disableAutoOpen: false });
  db.use({
    stack: 'dbcore',
    name: 'storage-full',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          mutate(req) {
            if (state.fail?.(name, req.type)) {
              state.failures += 1;
              return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
            }
            return table.mutate(req);
          },
        };
      },
    }),
  });
  await db.open();
  return state;
}
