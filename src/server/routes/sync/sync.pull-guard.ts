// What a pull and a push may store, so that reads do not grow the database and a user inventing
// client ids cannot fill it:
// - a pull writes nothing: no client row, no record of what it sent (its cookie names the state
//   by change-log version, db/sync-cookie.ts); it only deletes the push answers its `acked` says
//   the device holds (model/sync.retention.ts);
// - a pull is an API call the app makes with fetch: a top-level navigation to it, or a request
//   from another site (which a Lax session cookie still accompanies), is refused before it reads;
// - a push binds its client id; a user keeps CLIENTS_PER_USER client rows with nothing applied
//   (last-applied id 0), the newest. Evicting one loses nothing: lockClient recreates it at 0 for a
//   push that comes back. A row with an applied id is not evicted here: it is what keeps a repeat
//   of an id whose answer was pruned from being applied again (docs/api.md, "Sync results");
//   the hourly housekeeping removes idle ones (pruneSyncClients), and the push budget bounds how
//   fast an account makes them.
import type { MiddlewareHandler } from 'hono';
import type { AppConfig } from '../../config';
import type { AppEnv } from '../../deps';
import { ApiError } from '../../http/errors';

// The client rows' queries (lock, cap, count) are model's: src/server/model/sync.clients.ts.
export { CLIENTS_PER_USER } from '../../model/sync.clients';

/**
 * 403 sync/cross-site for a pull the app did not make: a navigation (Sec-Fetch-Mode: navigate;
 * the app only ever fetches it) or a request from another site, unless it carries the Origin of
 * a configured CORS origin (an app served from another site calls the API that way). A
 * middleware, placed before the query's validator: such a pull is refused before its input is read.
 */
export function refuseForeignPulls(config: AppConfig): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header('sec-fetch-mode') === 'navigate') throw new ApiError('sync/cross-site');
    if (c.req.header('sec-fetch-site') === 'cross-site') {
      const origin = c.req.header('origin');
      const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
      if (!origin || !(config.corsOrigins.includes(origin) || origin === publicOrigin))
        throw new ApiError('sync/cross-site');
    }
    await next();
  };
}
