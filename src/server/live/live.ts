// A process's live pokes: its hub of open streams fed by the database's notifications. Each
// notification pokes that user's streams; after a gap (the listening connection came back) every
// stream is poked once, since a commit in between may have gone unheard.
import type { NotificationSource } from '../db/notifications';
import { PokeHub, type PokeHubOptions } from './poke-hub';

export interface Live {
  hub: PokeHub;
  /** Stops listening and ends every stream. */
  close(): Promise<void>;
}

export async function startLive(source: NotificationSource, options: PokeHubOptions = {}): Promise<Live> {
  const hub = new PokeHub(options);
  const stop = await source.listen({
    onPayload: (userId) => hub.poke(userId),
    onGap: () => hub.pokeAll(),
  });
  return {
    hub,
    async close() {
      hub.close();
      await stop();
    },
  };
}
