// The page's entry: the store loader, the router and the root render. The data layer loads when
// a screen needs it, or in idle time once the first screen is up, so the login screen renders
// without it; the service worker registers once it is in (PwaControls).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageStorage } from '@/data/stored-session';
import { App } from './app';
import { holdInstallOffer } from './pwa/install-prompt';
import { createAppRouter } from './router';
import { createStoreLoader } from './store-loader';
import './styles.css';

const stores = createStoreLoader(pageStorage(), async () => {
  const { openStore } = await import('./open-store');
  // The replayer met a 401: check the session now (see openStore).
  return openStore(() => void auth.revalidate());
});
const { router, auth } = createAppRouter(stores);
// Back online: a session that ended meanwhile sends the user to log in (queued changes stay).
window.addEventListener('online', () => void auth.revalidate());

function whenIdle(cb: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(cb);
  else setTimeout(cb, 0);
}

// After the first screen has resolved: then the submit of login or signup need not wait for it.
const stopWaiting = router.subscribe('onResolved', () => {
  stopWaiting();
  whenIdle(() => void stores.load().catch(() => {}));
});

// The install offer can come before the install button has loaded: keep it until then.
holdInstallOffer();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App stores={stores} router={router} auth={auth} />
    </StrictMode>,
  );
}
