// Builds the app's router around a store: auth gate and services in the router context, page
// views reported on each path change. Tests pass a memory history.
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { type Store, track } from '@/data';
import { type AuthGate, createAuthGate } from './auth/auth-gate';
import { NotFound } from './routes/-components/not-found';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  store: Store;
  auth: AuthGate;
}

export function createAppRouter(store: Store, history?: RouterHistory) {
  let goHome = () => {};
  const auth = createAuthGate(store, () => goHome());
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { store, auth },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
  goHome = () => void router.navigate({ to: '/', replace: true });
  router.subscribe('onResolved', (event) => {
    if (event.pathChanged)
      void track(store, 'page_view', { path: event.toLocation.pathname }).catch(() => {});
  });
  return { router, auth };
}

export type AppRouter = ReturnType<typeof createAppRouter>['router'];

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
