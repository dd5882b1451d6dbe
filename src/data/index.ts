// The data layer's public surface: the page's hooks and the service worker import from here.
export { flushAnalytics, track } from './analytics';
export {
  bookListing,
  refreshCarrierOrders,
  refreshMyBookings,
  updateBookingStatus,
} from './bookings';
export { sendContactMessage } from './contact';
export { submitCourierRequest } from './courier';
export {
  type AnalyticsRow,
  AppDb,
  DB_VERSIONS,
  type ListingRow,
  type MetaRow,
  type OrderRow,
  openDb,
  type ProfileRow,
  type SearchResultRow,
  type Synced,
} from './db';
export { ApiError, isOffline, OfflineError } from './errors';
export { addListing, refreshMyListings, type SearchOutcome, searchKeyOf, searchListings } from './listings';
export { META } from './meta';
export { clearBackoff, discardEntry, retryEntry } from './outbox';
export { requestPersistentStorage } from './persist';
export { refreshProfile } from './profile';
export { refreshReference } from './reference';
export { type ReplayResult, replayOutbox } from './replay';
export {
  checkAuth,
  countUnsent,
  getSession,
  loadSession,
  login,
  logout,
  type SessionUser,
  setRole,
  signup,
  subscribeSession,
} from './session';
export { createStore, type Store, type StoreOptions } from './store';
export { refreshAll, startSync } from './sync';
