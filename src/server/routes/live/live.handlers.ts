// GET /api/sync/poke: a Server-Sent Events stream of the signed-in user's pokes. A poke says only
// "something you can see changed" (event `poke`, data: the poke protocol's version); the device
// then pulls. Comments keep an idle stream open through proxies (heartbeats, PokeHub). The stream
// belongs to its session: when the session ends, in any process, the stream ends (live.ts). Too
// many streams from one address (429) or in this process (503) are refused, with Retry-After.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { requireUser, tokenOf } from '../../auth/guard';
import { hashToken } from '../../auth/sessions';
import type { AppEnv, Deps } from '../../deps';
import { addressKey } from '../../http/address-key';
import { ApiError, refusal } from '../../http/errors';
import { clientAddress } from '../../http/middleware';
import type { StreamOwner } from '../../live/poke-hub';

/** The `data` of every poke: lets a later server change what a poke means without confusing
 * older devices (they pull on any poke). */
export const POKE_VERSION = 1;

/** When a refused device may try again: streams end as tabs close, which takes a while. */
export const STREAM_RETRY_AFTER_S = 30;

function ownerOf(c: Context<AppEnv>, deps: Deps): StreamOwner {
  const user = requireUser(c);
  // The token the session middleware found the user by.
  const token = tokenOf(c);
  if (!token) throw new ApiError('auth/required');
  return {
    userId: user.id,
    sessionHash: hashToken(token),
    address: addressKey(clientAddress(c, deps.config)),
  };
}

export function pokes(c: Context<AppEnv>, deps: Deps) {
  const owner = ownerOf(c, deps);
  const refused = deps.pokes.admit(owner);
  // Ended while this request was on its way (the session check passed a moment before).
  if (refused === 'ended') throw new ApiError('auth/required');
  if (refused === 'address') throw refusal('live/too-many-streams', { retryAfterS: STREAM_RETRY_AFTER_S });
  if (refused === 'capacity') throw refusal('live/busy', { retryAfterS: STREAM_RETRY_AFTER_S });
  // Buffering proxies (nginx) would hold the events back.
  c.header('X-Accel-Buffering', 'no');
  // streamSSE runs this at once, up to its first await: the stream is added in the same turn as
  // it was admitted, so two opens at once cannot both pass the last place.
  return streamSSE(c, async (stream) => {
    await new Promise<void>((resolve) => {
      const end = () => {
        remove();
        resolve();
      };
      const remove = deps.pokes.add(owner, {
        poke: () => void stream.writeSSE({ event: 'poke', data: String(POKE_VERSION) }),
        heartbeat: () => void stream.write(':\n\n'),
        close: end,
      });
      stream.onAbort(end);
      // The first bytes send the headers: the device's EventSource reports it is open.
      void stream.write(': open\n\n');
    });
  });
}
