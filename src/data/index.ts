// The data layer's public surface: the page's hooks and the service worker import from here.
export { flushAnalytics, track } from './analytics';
export { API_URL, apiBaseUrl } from './api-url';
export {
  bookListing,
  updateBookingStatus,
} from './bookings';
export { sendContactMessage } from './contact';
export { submitCourierRequest } from './courier';
export {
  type AnalyticsRow,
  AppDb,
  DB_VERSIONS,
  type ListingRow,
  type MessageRow,
  type MetaRow,
  type OrderRow,
  openDb,
  type PhotoRow,
  type ProfileRow,
  type SearchResultRow,
  type Synced,
  type ThreadReadRow,
  type WatchRow,
} from './db';
export { ApiError, isOffline, OfflineError, SessionMissingError } from './errors';
export { type CompleteResult, completeBooking, handoffRefusal } from './handoff';
export {
  addListing,
  type LocalOutcome,
  type SearchOutcome,
  searchKeyOf,
  searchListings,
  searchWatched,
} from './listings';
export {
  type MessageStatus,
  markThreadRead,
  type ReportMessageResult,
  reportMessage,
  type SendMessageResult,
  sendMessage,
  THREAD_PAGE,
  type ThreadInfo,
  type ThreadMessage,
  type ThreadPageStart,
  threadMessagesQuery,
  threadPageStart,
  threadQuery,
  threadRangeQuery,
  type UnreadCounts,
  unreadCountsQuery,
} from './messages';
export { META } from './meta';
export { describeEntry } from './mutators';
export {
  deletePushSubscription,
  loadNotificationSettings,
  requestPasswordReset,
  resetPassword,
  saveNotificationSettings,
  savePushSubscription,
  vapidPublicKey,
} from './notifications';
export { clearBackoff, countUnsent, discardEntry, retryEntry } from './outbox';
export { requestPersistentStorage } from './persist';
export { PHOTO_MAX_EDGE_PX, type PreparedPhoto, preparePhoto, uploadPhotos } from './photos';
export { type EventSourceFactory, type EventSourceLike, startPokes } from './poke';
export { applyPull, type PullOutcome, pull } from './pull';
export {
  airlinesQuery,
  airportsQuery,
  authBlockedQuery,
  carrierOrdersQuery,
  lastSyncQuery,
  listingByIdQuery,
  myBookingsQuery,
  myListingsQuery,
  profileQuery,
  searchResultsQuery,
  syncedAtQuery,
} from './queries';
export { type RateResult, rateBooking } from './ratings';
export { refreshReference } from './reference';
export { type ReplayResult, replayOutbox } from './replay';
export { serverNow, serverNowKnown } from './server-clock';
export {
  checkAuth,
  getSession,
  loadSession,
  login,
  logout,
  logoutOthers,
  type SessionUser,
  setRole,
  signup,
  subscribeSession,
} from './session';
export { createStore, type Store, type StoreOptions } from './store';
export { FLOOR_MS, nextRunAt, refreshAll, startSync } from './sync';
export { subscribeUpgradeRequired, upgradeRequired } from './upgrade';
export { type WaitingItem, type WaitingState, waitingList } from './waiting';
export {
  describeWatch,
  unwatchRoute,
  type WatchResult,
  watchedAsOfQuery,
  watchesQuery,
  watchOf,
  watchRoute,
} from './watches';
