// The hooks screens use over src/data.

export { type Collection, useCarrierOrders, useMyBookings, useMyListings } from './use-collection';
export { useCourierRequest, useCourierRequests } from './use-courier-requests';
export { type ThreadWindow, useThread, useThreadWindow, useUnreadCounts } from './use-messages';
export { useProfile, useSearchResults } from './use-search';
export { useSession } from './use-session';
export { StoreProvider, useStore } from './use-store';
export { type SyncStatus, useSyncStatus } from './use-sync-status';
export { useWatches, useWatchOf } from './use-watches';
