// A process's live pokes: its hub of open streams fed by the database's notifications. A user's id
// pokes that user's streams; 'session-end:<token hash>' (a deleted session, migration 0026) ends
// that session's streams. After a gap (the listening connection came back) every stream is poked
// once, since a commit in between may have gone unheard, and the streams of sessions that ended
// meanwhile are ended.
import type { NotificationSource } from '../db/notifications';
import { PokeHub, type PokeHubOptions } from './poke-hub';

export const SESSION_END_PREFIX = 'session-end:';

export interface LiveOptions extends PokeHubOptions {
  /** Which of these session hashes are still live (the database's answer); unchecked when absent. */
  liveSessions?: (hashes: string[]) => Promise<Set<string>>;
  /** Reports a failed check after a gap (logging). */
  onError?: (err: unknown) => void;
}

export interface Live {
  hub: PokeHub;
  /** Stops listening and ends every stream. */
  close(): Promise<void>;
}

/** Ends the streams of sessions that ended while notifications were missed. */
async function endMissedSessions(hub: PokeHub, options: LiveOptions) {
  if (!options.liveSessions) return;
  const held = hub.sessions();
  const live = await options.liveSessions(held);
  for (const hash of held) if (!live.has(hash)) hub.endSession(hash);
}

export async function startLive(source: NotificationSource, options: LiveOptions = {}): Promise<Live> {
  const hub = new PokeHub(options);
  const stop = await source.listen({
    onPayload: (payload) => {
      if (payload.startsWith(SESSION_END_PREFIX)) hub.endSession(payload.slice(SESSION_END_PREFIX.length));
      else hub.poke(payload);
    },
    onGap: () => {
      hub.pokeAll();
      endMissedSessions(hub, options).catch((err) => options.onError?.(err));
    },
  });
  return {
    hub,
    async close() {
      hub.close();
      await stop();
    },
  };
}
