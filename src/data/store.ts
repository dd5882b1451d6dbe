// The store the page, the service worker and the tests open: the engine's store, handed this
// app's local mutators (mutators/index.ts): a new kind joins that list and never touches the engine.
import { createSyncStore, type Store, type StoreOptions } from './engine';
import { LOCAL_MUTATORS } from './mutators';

export function createStore(opts: StoreOptions = {}): Store {
  return createSyncStore(LOCAL_MUTATORS, opts);
}
