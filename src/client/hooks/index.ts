// The hooks screens use over src/data.

export { type Collection, useCarrierOrders, useMyBookings, useMyListings } from './use-collection';
export { useAirlines, useAirports } from './use-reference';
export { useProfile, useSearchResults } from './use-search';
export { useSession } from './use-session';
export { StoreProvider, useStore } from './use-store';
export { type SyncStatus, useSyncStatus } from './use-sync-status';
