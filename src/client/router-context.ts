// What every route's loader and guard receive from the router (router.tsx provides it; the root
// route, routes/__root.tsx, declares it). Its own file: the root route is part of the route tree
// router.tsx builds, so it must not import router.tsx back.
import type { AuthGate } from './auth/auth-gate';
import type { StoreLoader } from './store-loader';

export interface RouterContext {
  storeLoader: StoreLoader;
  auth: AuthGate;
}
