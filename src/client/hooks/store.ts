// Short import path for the store context.
export {
  StoreLoaderProvider,
  StoreProvider,
  useLoadedStore,
  useStore,
  useStoreLoader,
} from './store-context';
