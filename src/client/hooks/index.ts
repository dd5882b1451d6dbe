// The hooks screens use over src/data.
export { StoreProvider, useStore } from './store-context';
export { type Collection, useCarrierOrders, useMyBookings, useMyListings } from './use-collection';
export { useAirlines, useAirports } from './use-reference';
export { useProfile, useSearchResults } from './use-search';
export { useSession } from './use-session';
export { type SyncStatus, useSyncStatus } from './use-sync-status';
