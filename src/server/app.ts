// The app factory: middleware (logging, hardening headers, CORS, origin check, body limits,
// session), every API route, errors as JSON, and the built PWA when a static root is given.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { IMAGE_MAX_BYTES } from '@/domain/constants';
import { sessionMiddleware } from './auth/guard';
import { PushGate } from './auth/push-gate';
import { type AppConfig, type Clock, DEFAULT_CONFIG, systemClock } from './config';
import type { Db } from './db/client';
import type { AppEnv, Deps } from './deps';
import { chunkFileStore } from './files/chunk-store';
import type { FileStore } from './files/file-store';
import { jsonBodyMaxBytes } from './http/body';
import { ApiError, errorResponse, handleError } from './http/errors';
import { InFlight } from './http/in-flight';
import { closeAfterUnreadBody, originCheck, requestLog, securityHeaders } from './http/middleware';
import { serveApp } from './http/static';
import { PokeHub } from './live/poke-hub';
import { createNotifier, type Notifier } from './notify/notifier';
import { authRoutes } from './routes/auth/auth.index';
import { bookingRoutes } from './routes/bookings/bookings.index';
import { earningsRoutes } from './routes/earnings/earnings.index';
import { eventRoutes } from './routes/events/events.index';
import { fileRoutes } from './routes/files/files.index';
import { healthRoutes } from './routes/health/health.index';
import { kindRoutes } from './routes/kinds/kinds.index';
import { listingRoutes } from './routes/listings/listings.index';
import { liveRoutes } from './routes/live/live.index';
import { messageRoutes } from './routes/messages/messages.index';
import { notifyRoutes } from './routes/notify/notify.index';
import { profileRoutes } from './routes/profile/profile.index';
import { referenceRoutes } from './routes/reference/reference.index';
import { safetyRoutes } from './routes/safety/safety.index';
import { syncRoutes } from './routes/sync/sync.index';
import { PUSH_LANE } from './routes/sync/sync.push.handlers';
import { teamRoutes } from './routes/team/team.index';

export interface CreateAppOptions {
  db: Db;
  /** Where image bytes go: main.ts picks files under DATA_DIR on PGlite; default the database. */
  files?: FileStore;
  clock?: Clock;
  config?: Partial<AppConfig>;
  /** The process's poke streams, fed by the database's notifications (src/server/live). */
  pokes?: PokeHub;
  /** Sends queued pushes and mails; one that is never started when not given (tests drain it). */
  notifier?: Notifier;
}

/** Paths only the API answers: never the SPA fallback, always JSON. */
const API_PREFIXES = ['/api/', '/auth/', '/carrier/carrier/'];
const isApiPath = (path: string) => API_PREFIXES.some((p) => path.startsWith(p)) || path === '/api';

// Multipart framing around a 5 MB image needs some room above the image limit.
const UPLOAD_BODY_MAX_BYTES = IMAGE_MAX_BYTES + 64 * 1024;

export function createApp(options: CreateAppOptions): Hono<AppEnv> {
  const config: AppConfig = { ...DEFAULT_CONFIG, ...options.config };
  const clock = options.clock ?? systemClock;
  const notifier = options.notifier ?? createNotifier({ db: options.db, clock });
  const deps: Deps = {
    db: options.db,
    files: options.files ?? chunkFileStore(),
    clock,
    config,
    pokes: options.pokes ?? new PokeHub(),
    notifier,
    inFlight: new InFlight(),
    pushGate: new PushGate(clock, config.syncRefusalHoldMs, PUSH_LANE),
  };
  const app = new Hono<AppEnv>();
  const tooLarge = () => {
    throw new ApiError('request/too-large');
  };

  app.use(requestLog(config, () => deps.clock.now()));
  app.use(deps.inFlight.middleware());
  app.use(closeAfterUnreadBody());
  // HSTS whenever cookies are Secure (a separate app origin makes them Secure too).
  const https = config.secureCookies || config.corsOrigins.length > 0;
  app.use(securityHeaders({ apiOrigin: config.apiOrigin, https }));
  if (config.corsOrigins.length) {
    app.use(
      cors({
        origin: [...config.corsOrigins],
        credentials: true,
        allowHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
        // Date: the app learns the server's clock from it (src/data/engine/server-clock.ts).
        exposeHeaders: ['Retry-After', 'Date'],
      }),
    );
  }
  app.use(originCheck(config));
  const uploadLimit = bodyLimit({ maxSize: UPLOAD_BODY_MAX_BYTES, onError: tooLarge });
  app.use('*', async (c, next) => {
    // A GET has no body to limit, and looking for one costs the Node adapter a full Request.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.path.startsWith('/api/files/')) return uploadLimit(c, next);
    // JSON bodies: refused here by their declared length, and capped while read (bodyText); the
    // small routes' (auth, push subscriptions, settings) at a few KB.
    if (Number(c.req.header('content-length') ?? 0) > jsonBodyMaxBytes(c.req.path, config.jsonBodyMaxBytes))
      tooLarge();
    return next();
  });
  // A read of the API that says nothing of its own caching is someone's data (their messages,
  // profile, pull, settings): no cache, the browser's or a proxy's, keeps it. The lists answered
  // with an ETag (http/answer-cache.ts) say `private, no-cache` themselves; public lists say
  // `public` (the airports, the airlines).
  app.use(async (c, next) => {
    await next();
    if (
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      isApiPath(c.req.path) &&
      !c.res.headers.has('Cache-Control')
    )
      c.header('Cache-Control', 'private, no-store');
  });
  // A push refused from what this process knows goes before the session's look-up.
  app.post('/api/sync/push', deps.pushGate.middleware());
  app.use(sessionMiddleware(deps));
  // What a write queued is sent once its transaction has committed, which is by now.
  app.use(async (_c, next) => {
    await next();
    notifier.afterRequest();
  });

  for (const routes of [
    authRoutes,
    referenceRoutes,
    listingRoutes,
    kindRoutes,
    bookingRoutes,
    messageRoutes,
    profileRoutes,
    earningsRoutes,
    fileRoutes,
    eventRoutes,
    healthRoutes,
    syncRoutes,
    liveRoutes,
    notifyRoutes,
    safetyRoutes,
    teamRoutes,
  ]) {
    app.route('/', routes(deps));
  }

  const serve = config.staticRoot ? serveApp(config.staticRoot) : null;
  app.notFound(async (c) => {
    if (serve && !isApiPath(c.req.path) && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const res = await serve(c);
      if (res) return res;
    }
    return errorResponse(c, new ApiError('route/not-found'));
  });
  app.onError((err, c) => handleError(err, c, config.log));
  return app;
}
