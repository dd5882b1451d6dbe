// The server's public surface for code outside src/server (the benchmarks in bench/): the app, its
// database and settings, and the query functions of the hot calls, which a bench times without the
// framework around them (bench/ceiling.ts) or explains. Nothing else under src/server is imported
// from outside, so the server may move its insides without breaking them.

// `createApp({ db, config })` answers `app.request(path)` in-process, as the server does on a port.
export { createApp } from './app';
export { dummyHash, hashPassword, verifyPassword } from './auth/passwords';
export { createSession, findSessionUser } from './auth/sessions';
export { pruneThrottles, reserve } from './auth/throttle';
export { type AppConfig, DEFAULT_CONFIG } from './config';
export { createDb, type Database, type Db } from './db/client';
export { LOCK_FILE } from './db/data-dir-lock';
export { HUB_AIRPORTS } from './db/reference-codes';
export * as schema from './db/schema';
export { seedReferenceData } from './db/seed';
export { collectionState } from './http/answer-cache';
export { ordersOf } from './model/bookings.queries';
export { searchListings } from './model/listings.queries';
// The reference index a server reads at start (main.ts), for a bench that starts one in-process.
export { referenceIndex } from './model/reference.queries';
// The notifier (mail and push queue) with its settings, for a bench that times its queue in-process.
export type { NotifyConfig } from './notify/config';
export { createNotifier, type Notifier } from './notify/notifier';
