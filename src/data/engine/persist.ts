// Persistent storage: asks the browser not to evict IndexedDB, where the outbox lives.
import { runtime } from './runtime';

/** Returns whether storage is persistent; false where the API is missing or refuses. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const storage = runtime.navigator?.storage;
    if (!storage?.persist) return false;
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
