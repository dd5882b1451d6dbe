// The chrome around every screen behind the login: the header and the sync line. They read the
// Store, so they are chunks of their own, loaded the router's way (lazyRouteComponent): loadChrome
// preloads them with the Store, the authenticated layout route's beforeLoad awaits it, and a
// preloaded one renders at once, so a screen behind the login renders with its header. The entry
// screens call loadChrome once the browser is idle.
import { lazyRouteComponent } from '@tanstack/react-router';
import type { Store } from '@/data';
import type { StoreLoader } from '../../store-loader';

export const Header = lazyRouteComponent(() => import('./header'), 'Header');
export const SyncIndicator = lazyRouteComponent(() => import('./sync-indicator'), 'SyncIndicator');

/** The Store and both chrome chunks. */
export async function loadChrome(storeLoader: StoreLoader): Promise<Store> {
  const [store] = await Promise.all([storeLoader.load(), Header.preload?.(), SyncIndicator.preload?.()]);
  return store;
}
