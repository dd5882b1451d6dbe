// Live pokes on the page: while the page is visible, the browser reports online and someone is
// signed in, one EventSource on GET /api/sync/poke (the configured API origin, with the session
// cookie). A `poke` means "something you can see changed": the device pulls. Pulls coalesce:
// at most one in flight and one waiting, however many pokes arrive. A hidden page closes the
// stream (battery); a lost one reopens after a growing, jittered wait (a server restart does not
// bring every device back in the same second). Each open pulls once: a commit just before it
// was poked to no one.
// Offline nothing is opened. The service worker runs none of this.
import { oneAtATime } from '@/domain/one-at-a-time';
import { pull } from './pull';
import { runtime } from './runtime';
import { getSession, subscribeSession } from './session';
import type { Store } from './store';

/** What this module uses of the browser's EventSource (tests inject a stand-in). */
export interface EventSourceLike {
  addEventListener(type: string, listener: () => void): void;
  close(): void;
}
export type EventSourceFactory = new (url: string, init?: { withCredentials?: boolean }) => EventSourceLike;

export interface PokeOptions {
  /** Defaults to the browser's EventSource; without one, no stream is opened. */
  EventSource?: EventSourceFactory;
  /** What a poke runs; defaults to a pull of the signed-in user's mirror. */
  pull?: () => Promise<unknown>;
  /** First wait before reopening a lost stream; doubles per failure up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export const POKE_PATH = '/api/sync/poke';
/** 2 s: with the jitter below, devices dropped together by a restart come back over 1 to 3 s. */
export const POKE_MIN_DELAY_MS = 2000;
export const POKE_MAX_DELAY_MS = 60_000;

/** Starts the page's poke stream; returns the function that stops it. */
export function startPokes(store: Store, options: PokeOptions = {}): () => void {
  const Source =
    options.EventSource ?? (globalThis as { EventSource?: EventSourceFactory }).EventSource ?? null;
  if (!Source) return () => {};
  const minDelay = options.minDelayMs ?? POKE_MIN_DELAY_MS;
  const maxDelay = options.maxDelayMs ?? POKE_MAX_DELAY_MS;
  // Many pokes, at most one pull in flight and one waiting (whatever `options.pull` does itself).
  const pulls = oneAtATime(options.pull ?? (() => pull(store)));
  const requestPull = () => void pulls.run().catch(() => undefined);

  let stopped = false;
  let source: EventSourceLike | null = null;
  let sourceUser: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Failed opens or lost streams since the last open one: sets the next wait. */
  let failures = 0;

  const signedIn = () => getSession(store)?.email ?? null;
  const wanted = () =>
    !stopped &&
    signedIn() !== null &&
    runtime.navigator?.onLine !== false &&
    (runtime.document?.visibilityState ?? 'visible') === 'visible';

  const close = () => {
    source?.close();
    source = null;
    sourceUser = null;
  };
  const open = () => {
    timer = undefined;
    if (!wanted()) return;
    const es = new Source(`${store.baseUrl}${POKE_PATH}`, { withCredentials: true });
    source = es;
    sourceUser = signedIn();
    es.addEventListener('open', () => {
      if (source !== es) return;
      // The server pokes for commits from the moment the stream is open; one pull now covers
      // those before it: on a first open the ones since the screen's own pull, after a loss
      // (a server restart) every poke missed meanwhile.
      requestPull();
      failures = 0;
    });
    es.addEventListener('poke', () => {
      if (source === es) requestPull();
    });
    es.addEventListener('error', () => {
      if (source !== es) return;
      // The browser would retry at its own fixed pace; this waits longer after each failure.
      close();
      failures += 1;
      schedule();
    });
  };
  const schedule = () => {
    if (timer !== undefined || !wanted()) return;
    const base = Math.min(maxDelay, minDelay * 2 ** (failures - 1));
    timer = setTimeout(open, base * (0.5 + store.random()));
  };
  /** Opens, keeps or closes the stream to match the page's state now. */
  const update = () => {
    if (!wanted()) {
      clearTimeout(timer);
      timer = undefined;
      close();
      return;
    }
    // Another user signed in: their own stream.
    if (source && sourceUser !== signedIn()) close();
    if (source || timer !== undefined) return;
    if (failures > 0) schedule();
    else open();
  };

  globalThis.addEventListener?.('online', update);
  globalThis.addEventListener?.('offline', update);
  runtime.document?.addEventListener('visibilitychange', update);
  const offSession = subscribeSession(store, update);
  update();
  return () => {
    stopped = true;
    update();
    offSession();
    globalThis.removeEventListener?.('online', update);
    globalThis.removeEventListener?.('offline', update);
    runtime.document?.removeEventListener('visibilitychange', update);
  };
}
