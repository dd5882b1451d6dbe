// The sync engine's surface: what the feature commands build on (the store, the outbox, the row
// functions a local mutator writes with, sessions, the HTTP client) and what src/data/index.ts
// hands on to the page and the service worker. The engine names no feature: the kinds' local
// mutators come in through createSyncStore.
export { analyticsDueAt, flushAnalytics, track } from './analytics';
export { API_URL, apiBaseUrl } from './api-url';
export { AppDb, mutationTables, openDb } from './db';
export { DB_VERSIONS } from './db-versions';
export { ApiError, isOffline, OfflineError, SessionMissingError } from './errors';
export { call, callParsed } from './http';
export { contextOf, describeEntry, type SyncContext } from './kinds';
export type {
  ChangeLabel,
  ChangeLabelKey,
  LocalContext,
  LocalMutator,
  LocalMutators,
  Settled,
} from './local-mutator';
export { getMeta, META, setMeta } from './meta';
export {
  appendAndApply,
  clearBackoff,
  countUnsent,
  discardEntry,
  enqueue,
  newEntry,
  queueChange,
  rebase,
  retryEntry,
  undoEntry,
} from './outbox';
export { requestPersistentStorage } from './persist';
export { PHOTO_MAX_EDGE_PX, type PreparedPhoto, photoIdOf, preparePhoto, uploadPhotos } from './photos';
export { type EventSourceFactory, type EventSourceLike, startPokes } from './poke';
export { applyPull, type PullOutcome, pull } from './pull';
export { type ReplayResult, replayOutbox } from './replay';
export { confirmRow, confirmRows, localId, patchRow, plainRow, putLocalRow, putLocalRows } from './rows';
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
export { createSyncStore, type Store, type StoreOptions } from './store';
export { FLOOR_MS, nextRunAt, refreshAll, startSync } from './sync';
export type {
  AnalyticsRow,
  CourierRequestRow,
  ListingRow,
  MessageRow,
  MetaRow,
  OrderRow,
  PhotoRow,
  ProfileRow,
  SearchResultRow,
  Synced,
  ThreadReadRow,
  WatchedRow,
  WatchRow,
} from './tables';
export { subscribeUpgradeRequired, upgradeRequired } from './upgrade-required';
export { type WaitingItem, type WaitingState, waitingList } from './waiting';
