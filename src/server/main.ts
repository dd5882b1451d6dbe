// Node entry: read the environment, open and migrate the database (PGlite under DATA_DIR, or
// PostgreSQL with DATABASE_URL), seed reference data, then serve the API and the built app.
// With WORKERS > 1 (PostgreSQL only) the primary migrates and seeds once, then forks that many
// workers sharing the port (node:cluster); a worker that dies is replaced.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadIdKey } from './auth/id-sealing';
import { endExpiredSessions, liveSessions } from './auth/session-expiry';
import { pruneThrottles } from './auth/throttle';
import { DEFAULT_CONFIG, systemClock } from './config';
import { createDb, type Db } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedReferenceData } from './db/seed';
import { type Env, readEnv } from './env';
import { chunkFileStore } from './files/chunk-store';
import { diskFileStore } from './files/disk-store';
import type { FileStore } from './files/file-store';
import { pruneIdempotencyKeys } from './http/idempotency';
import { type LiveOptions, startLive } from './live/live';
import { readOpenFilesLimit, streamBudget } from './live/open-files';
import { expireOverdueBookings } from './model/bookings.expiry';
import { sealStoredIdNumbers } from './model/courier.queries';
import { pruneOrphanFiles } from './model/files.prune';
import { referenceIndex } from './model/reference.queries';
import { pruneSyncClients, pruneSyncResults, vacuumChurn } from './model/sync.retention';
import { notifyConfigFrom } from './notify/env-config';
import { createNotifier } from './notify/notifier';
import { pruneNotifications } from './notify/queue';
import { startStaffSocket } from './staff-socket';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

async function openDatabase(env: Env, seed: boolean) {
  let seeded = { airports: 0, airlines: 0 };
  const setup = seed
    ? async (db: Db) => {
        seeded = await seedReferenceData(db);
      }
    : undefined;
  try {
    const database = await createDb(
      env.DATABASE_URL ? { url: env.DATABASE_URL, setup } : { dataDir: resolve(env.DATA_DIR), setup },
    );
    return { database, seeded };
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Expired idempotency records, sync results and idle sync clients, idle throttle counters (then,
 * on PGlite, a VACUUM of those tables), images no courier request
 * names a day after their upload, old failed notifications and expired reset links go once an
 * hour; overdue pending bookings expire, and expired sessions end, every minute.
 */
function scheduleHousekeeping(db: Db, files: FileStore, pglite: boolean) {
  const timer = setInterval(() => {
    const now = Date.now();
    Promise.all([
      pruneIdempotencyKeys(db, now, DEFAULT_CONFIG.idempotencyRetentionMs),
      pruneSyncResults(db, now, DEFAULT_CONFIG.idempotencyRetentionMs),
      pruneSyncClients(db, now),
      pruneThrottles(db, now, 2 * HOUR_MS),
      pruneOrphanFiles(db, files, now),
      pruneNotifications(db, now),
    ])
      // On PGlite the space of what was pruned is reclaimed (model/sync.retention.ts).
      .then(() => (pglite ? vacuumChurn(db) : undefined))
      .catch((err) => console.error(JSON.stringify({ level: 'error', housekeeping: String(err) })));
  }, HOUR_MS);
  timer.unref();
  // Unanswered pending bookings expire on time to the minute (search and booking already treat an
  // overdue one as expired; this makes both sides' lists say so and frees the listing's space),
  // and once at start: those that fell due while the server was down go now, not a minute later.
  // An expired session is deleted like any that ends: its poke streams end in every process and
  // its push subscription goes (so booking news falls back to e-mail).
  const expire = () =>
    Promise.all([expireOverdueBookings(db, Date.now()), endExpiredSessions(db, Date.now())]).catch((err) =>
      console.error(JSON.stringify({ level: 'error', housekeeping: String(err) })),
    );
  void expire();
  const expiry = setInterval(expire, MINUTE_MS);
  expiry.unref();
}

/**
 * The poke streams' limits: per client address from the environment, in all from the open-files
 * limit (which Node has already raised to the hard limit), leaving the rest for ordinary requests.
 */
function streamLimits(env: Env, db: Db): LiveOptions {
  const files = readOpenFilesLimit();
  const maxStreams = env.STREAMS_MAX || (files ? streamBudget(files.soft) : Number.POSITIVE_INFINITY);
  const shown = (n: number) => (Number.isFinite(n) ? n : 'unlimited');
  console.log(
    JSON.stringify({
      level: 'info',
      openFiles: files ? { soft: shown(files.soft), hard: shown(files.hard) } : 'unknown',
      streamsMax: shown(maxStreams),
      streamsPerAddress: env.STREAMS_PER_ADDRESS,
    }),
  );
  if (files && files.soft < 4096)
    console.error(
      JSON.stringify({
        level: 'warn',
        openFiles: `limit ${files.soft} leaves ${shown(maxStreams)} live streams: raise the hard limit (ulimit -Hn as root, systemd LimitNOFILE=, docker run --ulimit nofile=)`,
      }),
    );
  return {
    maxStreams,
    maxStreamsPerAddress: env.STREAMS_PER_ADDRESS,
    liveSessions: (hashes) => liveSessions(db, hashes, Date.now()),
    onError: (err) => console.error(JSON.stringify({ level: 'warn', live: String(err) })),
  };
}

/** How long a stopping process lets requests in flight finish before cutting their sockets. */
const SHUTDOWN_GRACE_MS = 5_000;

async function serveOne(env: Env, seed: boolean) {
  const { database, seeded } = await openDatabase(env, seed);
  // Image bytes: beside the embedded database (never through it); in PostgreSQL with
  // DATABASE_URL, where every process reaches them.
  const files = env.DATABASE_URL ? chunkFileStore() : diskFileStore(join(resolve(env.DATA_DIR), 'files'));
  // Serve the built client only when there is one (npm run dev leaves it to Vite).
  const staticRoot = env.STATIC_DIR ? resolve(env.STATIC_DIR) : '';
  const idKey = loadIdKey(env.ID_ENCRYPTION_KEY, join(resolve(env.DATA_DIR), 'id-encryption.key'));
  // ID numbers a release before 0032 stored in the clear are sealed now (none after the first start).
  await sealStoredIdNumbers(database.db, idKey);
  const notifier = createNotifier({ db: database.db, clock: systemClock, config: notifyConfigFrom(env) });
  // VAPID keys are made (and stored) on the first start, before any browser asks for them.
  await notifier.vapid();
  notifier.start();
  // One listening connection per process feeds this process's poke streams.
  const live = await startLive(database.notifications, streamLimits(env, database.db));
  const app = createApp({
    db: database.db,
    files,
    pokes: live.hub,
    notifier,
    config: {
      corsOrigins: env.CORS_ORIGINS,
      secureCookies: env.SECURE_COOKIES,
      trustProxyHops: env.TRUST_PROXY,
      signupLimitPerHour: env.SIGNUP_LIMIT_PER_HOUR,
      loginMaxSuccessesPerAccount: env.LOGIN_LIMIT_PER_ACCOUNT,
      loginMaxFailuresPerAddress: env.LOGIN_FAILURES_PER_ADDRESS,
      syncMutationsPerMinute: env.SYNC_MUTATIONS_PER_MINUTE,
      syncMutationsPerMinutePerClient: Math.ceil(env.SYNC_MUTATIONS_PER_MINUTE / 2),
      uploadsPerDay: env.UPLOAD_IMAGES_PER_DAY,
      uploadBytesPerUser: env.UPLOAD_MB_PER_USER * 1024 * 1024,
      openListingsMax: env.OPEN_LISTINGS_PER_CARRIER,
      cancelCutoffMs: env.CANCEL_CUTOFF_HOURS * 60 * 60 * 1000,
      staffEmails: env.STAFF_EMAILS,
      publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
      idKey,
      apiOrigin: env.VITE_API_URL ? new URL(env.VITE_API_URL).origin : '',
      staticRoot: staticRoot && existsSync(resolve(staticRoot, 'index.html')) ? staticRoot : '',
    },
  });
  // The operator's staff command reaches an embedded database through this process (staff-socket.ts).
  const staffSocket =
    database.kind === 'pglite' ? await startStaffSocket(database.db, resolve(env.DATA_DIR)) : null;
  // Every process prunes (idempotent deletes), so a replaced worker changes nothing.
  scheduleHousekeeping(database.db, files, database.kind === 'pglite');
  // The airports' time zones and the airline codes that every listing and push is checked
  // against are read before the first request, not by it (its push waited ~50-100 ms on PGlite).
  await referenceIndex(database.db);

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${resolve(env.DATA_DIR)}`;
    const reference = seed ? `; ${seeded.airports} airports, ${seeded.airlines} airlines` : '';
    const who = cluster.isWorker ? `worker ${cluster.worker?.id} (pid ${process.pid})` : 'Carry';
    console.log(`${who} listening on http://localhost:${info.port} (${where}${reference})`);
  });

  function shutdown() {
    staffSocket?.close();
    server.close(() => {
      notifier
        .stop()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    // Open poke streams would hold the server open: end them, and refuse the ones devices open
    // again over kept-alive sockets (close() stops new connections, not new requests on old ones).
    // Their sockets, idle once the streams end, close now rather than at the grace's end.
    void live.close().then(() => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    // A socket still busy after the grace (a browser reusing it) is cut: the process must end.
    setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
  }
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

async function servePrimary(env: Env) {
  const { database, seeded } = await openDatabase(env, true);
  await database.close();
  console.log(
    `Carry: ${env.WORKERS} workers on PostgreSQL (${seeded.airports} airports, ${seeded.airlines} airlines)`,
  );
  let stopping = false;
  for (let i = 0; i < env.WORKERS; i += 1) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.id} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const env = readEnv();
if (env.WORKERS > 1 && !env.DATABASE_URL) {
  console.error(
    `WORKERS=${env.WORKERS} needs DATABASE_URL: the embedded database (PGlite) serves one process only.`,
  );
  process.exit(1);
}
if (env.WORKERS > 1 && cluster.isPrimary) await servePrimary(env);
else await serveOne(env, !cluster.isWorker);
