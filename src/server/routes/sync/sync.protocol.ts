// What push and pull share: the protocol check and the shape of a stored answer.
import { MIN_APP_SYNC_PROTOCOL, speaksProtocol } from '@/domain/sync/protocol';
import type { Db } from '../../db/client';
import { ApiError, refusal } from '../../http/errors';
import { clientProtocol } from '../../model/sync.clients';

/** Seconds a tab of the first release waits before it asks again (it backs off further itself). */
const OLD_RELEASE_RETRY_AFTER_S = 15 * 60;

/**
 * 426 for a client protocol this server does not answer correctly: the client reloads. A request
 * naming no protocol (1) for a client id that has pushed in a later one is a tab of the first
 * release left open after an update, sharing its database with the new release's tabs: its pull
 * would drop their refused entries and store a cookie past the messages it ignores. It treats a
 * 426 as a refusal of its changes for good (it would mark theirs failed), so it is answered 503
 * sync/old-release with a long Retry-After, which it waits out, touching nothing.
 */
export async function requireProtocol(version: number | undefined, db: Db, clientId: string): Promise<void> {
  if (!speaksProtocol(version)) throw new ApiError('sync/upgrade-required');
  if ((version ?? 1) >= MIN_APP_SYNC_PROTOCOL) return;
  const known = await clientProtocol(db, clientId);
  if (known !== null && known >= MIN_APP_SYNC_PROTOCOL)
    throw refusal('sync/old-release', { retryAfterS: OLD_RELEASE_RETRY_AFTER_S });
}

/** A stored answer read back: one mapping, beside the one that makes it (sync.push-results.ts). */
export { storedResult } from './sync.push-results';
