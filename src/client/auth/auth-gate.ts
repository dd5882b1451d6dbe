// The auth check run on every path change. The first check is awaited (the app shows
// 'Loading...' meanwhile); later ones revalidate in the background. No answer (offline) keeps
// the last known session; only an answer other than 200 ends it (queued changes are kept).
// With no stored session nothing is asked, so a signed-out visitor never loads the data layer here.
import type { Store } from '@/data';
import { readSession } from '@/data/engine/stored-session';
import type { StoreLoader } from '../store-loader';

export type AuthVerdict = 'authenticated' | 'unauthorized' | 'offline';

export interface AuthGate {
  /** Resolves once the first check has finished; starts it when nobody has yet. */
  ready(): Promise<void>;
  /**
   * The check for a path change: waits for the first check, then re-runs it in the background
   * when the path differs from the last one checked.
   */
  checkPath(pathname: string): Promise<void>;
  isReady(): boolean;
  /**
   * Checks the session again now, whatever the path: a session that expired while the device was
   * offline ends as soon as the network is back, instead of at the next navigation.
   */
  revalidate(): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/** `onSessionEnded` runs when a background check ended a live session (the app goes to /). */
export function createAuthGate(storeLoader: StoreLoader, onSessionEnded: () => void): AuthGate {
  let first: Promise<void> | null = null;
  let inFlight: Promise<boolean> | null = null;
  let done = false;
  let lastPath: string | null = null;
  const listeners = new Set<() => void>();

  const hasSession = () => readSession(storeLoader.storage) !== null;

  /** Asks the server; true when its answer ended the session. */
  async function verify(): Promise<boolean> {
    let loaded: [typeof import('@/data'), Store];
    try {
      loaded = await Promise.all([import('@/data'), storeLoader.load()]);
    } catch {
      // The data layer could not be fetched: no answer, like being offline.
      return false;
    }
    const [data, store] = loaded;
    const verdict = await data.checkAuth(store).catch((): AuthVerdict => 'offline');
    if (verdict !== 'unauthorized' || !hasSession()) return false;
    await data.logout(store, { discardUnsent: false }).catch(() => undefined);
    return true;
  }

  /** One check at a time; resolves true when it ended a session. */
  function run(): Promise<boolean> {
    // Identity lives in this browser's storage (SPEC section 6): with none stored there is no
    // session to confirm, so a signed-out visitor sees the login screen at once, even offline,
    // instead of after a round trip that can only answer 401.
    if (!hasSession()) return Promise.resolve(false);
    inFlight ??= verify().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const gate: AuthGate = {
    ready() {
      first ??= run().then(() => {
        done = true;
        for (const l of listeners) l();
      });
      return first;
    },
    async checkPath(pathname) {
      const isFirst = first === null;
      await gate.ready();
      if (isFirst || lastPath === null || pathname === lastPath) {
        lastPath = pathname;
        return;
      }
      lastPath = pathname;
      void run().then((ended) => {
        if (ended) onSessionEnded();
      });
    },
    isReady: () => done,
    async revalidate() {
      if (await run()) onSessionEnded();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return gate;
}
