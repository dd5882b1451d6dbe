// Short import path for the store context.
export { StoreProvider, useStore } from './store-context';
