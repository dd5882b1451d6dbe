// GET /api/sync/poke: a Server-Sent Events stream of the signed-in user's pokes. A poke says only
// "something you can see changed" (event `poke`, data: the poke protocol's version); the device
// then pulls. Comments keep an idle stream open through proxies (heartbeats, PokeHub).
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';

/** The `data` of every poke: lets a later server change what a poke means without confusing
 * older devices (they pull on any poke). */
export const POKE_VERSION = 1;

export function pokes(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  // Buffering proxies (nginx) would hold the events back.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    await new Promise<void>((resolve) => {
      const end = () => {
        remove();
        resolve();
      };
      const remove = deps.pokes.add(user.id, {
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
