// The page's entry: the store loader, the router and the root render. The data layer is a lazy
// chunk: a screen behind the login loads it in the authenticated layout route's beforeLoad; on
// the login screen it loads once the browser is idle (the sync line renders then), so the form
// renders without it.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { Store } from '@/data';
import { pageStorage, readSession } from '@/data/engine/stored-session';
import { App } from './app';
import { loadLocale } from './i18n/i18n';
import { initialLocale } from './i18n/locales';
import { nextTask } from './idle';
import { holdInstallOffer } from './pwa/install-prompt';
import { createAppRouter } from './router';
import { createStoreLoader } from './store-loader';
import './styles.css';

/**
 * The page's store: the sync engine, Background Sync for queued changes, persistent storage, and
 * the watch for a 401 seen by the replayer.
 */
async function openStore(): Promise<Store> {
  const [data, { liveQuery }, { watchUnsentForBackgroundSync }] = await Promise.all([
    import('@/data'),
    import('dexie'),
    import('./pwa/background-sync'),
  ]);
  // Each part in a task of its own (nextTask): together they were one task of 100-150 ms at a
  // phone's speed, on the login screen once idle.
  await nextTask();
  const store = data.createStore();
  await nextTask();
  data.startSync(store);
  await nextTask();
  data.startPokes(store);
  // The one place the page asks for Background Sync (pwa/background-sync.ts).
  watchUnsentForBackgroundSync(store);
  void data.requestPersistentStorage();
  // The session ended while the page was open and online: check now rather than at the next
  // navigation, so the user is asked to log in and the parked queue can drain.
  liveQuery(() => data.authBlockedQuery(store)).subscribe({
    next: (blocked) => {
      if (blocked) void auth.revalidate();
    },
  });
  return store;
}

const storage = pageStorage();
const storeLoader = createStoreLoader(storage, openStore);
const { router, auth } = createAppRouter(storeLoader);
// Back online: a session that ended meanwhile sends the user to log in (queued changes stay).
window.addEventListener('online', () => void auth.revalidate());

// The install offer can come before the install button has loaded: keep it until then.
holdInstallOffer();

const root = document.getElementById('root');
if (root) {
  // The chosen language's messages first (a small chunk; the service worker keeps it): it also
  // sets the page's `lang`, so dates, times and the browser's own controls follow it.
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them (one blocking task of 100-300 ms on a phone otherwise), while the static
  // shell of index.html stands until the whole of it commits.
  const render = () =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App storeLoader={storeLoader} router={router} auth={auth} />
        </StrictMode>,
      ),
    );
  const words = loadLocale(initialLocale()).catch(() => loadLocale('en'));
  // A visitor who is not signed in opens a logged-out screen (the login, signup, a reset link),
  // on a first visit with nothing cached: its route chunks are asked for now, just after the
  // catalogue, not once it has come and the first render has matched the route (a round trip
  // and more on a slow link before the form paints). Not for a signed-in user: "/" sends them
  // on, and their screens' chunks come from the service worker's cache.
  if (!readSession(storage)) {
    const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
    for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {});
  }
  words.then(render, render);
}
