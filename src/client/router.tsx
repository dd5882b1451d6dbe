// Builds the app's router around the store loader: auth gate and services in the router context,
// page views reported on each path change. Tests pass a memory history.
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { createAuthGate } from './auth/auth-gate';
import { NotFound } from './routes/-components/not-found';
import { routeTree } from './routeTree.gen';
import type { StoreLoader } from './store-loader';

export function createAppRouter(storeLoader: StoreLoader, history?: RouterHistory) {
  let goHome = () => {};
  const auth = createAuthGate(storeLoader, () => goHome());
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { storeLoader, auth },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
  goHome = () => void router.navigate({ to: '/', replace: true });
  router.subscribe('onResolved', (event) => {
    if (!event.pathChanged) return;
    const path = event.toLocation.pathname;
    // Recorded once the store is there: the entry screens do not load it just to count a view.
    void storeLoader
      .whenLoaded()
      .then(async (store) => (await import('@/data')).track(store, 'page_view', { path }))
      .catch(() => {});
  });
  return { router, auth };
}

export type AppRouter = ReturnType<typeof createAppRouter>['router'];

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
