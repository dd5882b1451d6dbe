// The root route: the auth check on every path change (SPEC section 2), the redirects it
// implies, and the shared layout (sync indicator, header except on the entry screens). Every
// screen but login and signup reads the store as it renders, so the store loads before them.
// The header and the sync line are lazy chunks (they read the store), loaded with the store in
// beforeLoad behind the login, so they render with the screen; on the entry screens they come once
// the browser is idle.
import {
  createRootRouteWithContext,
  lazyRouteComponent,
  Outlet,
  redirect,
  useLocation,
} from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { readSession } from '@/data/stored-session';
import { isPublicPath, normalizePath, showsHeader } from '../auth/paths';
import { useIdle } from '../idle';
import type { RouterContext } from '../router';

const Header = lazyRouteComponent(() => import('./-components/header'), 'Header');
const SyncIndicator = lazyRouteComponent(() => import('./-components/sync-indicator'), 'SyncIndicator');

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location, preload }) => {
    const path = normalizePath(location.pathname);
    // A screen behind the login needs the data layer and the header: with a stored session they
    // are fetched while the session is checked, not after (preload is gone once a chunk is in).
    const chrome = () => Promise.all([context.stores.load(), Header.preload?.(), SyncIndicator.preload?.()]);
    const early = !isPublicPath(path) && readSession(context.stores.storage) ? chrome() : null;
    early?.catch(() => undefined);
    if (preload) await context.auth.ready();
    else await context.auth.checkPath(path);
    const session = readSession(context.stores.storage);
    if (!session && !isPublicPath(path)) throw redirect({ to: '/', replace: true });
    if (session && (path === '/' || path === '/login'))
      throw redirect({ to: '/choose_user_type', replace: true });
    if (!isPublicPath(path)) await (early ?? chrome());
    return { session };
  },
  component: RootLayout,
});

function RootLayout() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const stores = Route.useRouteContext({ select: (c) => c.stores });
  const onEntryScreen = isPublicPath(normalizePath(pathname));
  const idle = useIdle();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // Behind the login, beforeLoad has loaded them; on the entry screens, once the browser is idle.
    if (!idle || loaded) return;
    Promise.all([stores.load(), Header.preload?.(), SyncIndicator.preload?.()]).then(
      () => setLoaded(true),
      () => undefined,
    );
  }, [idle, loaded, stores]);
  const chrome = loaded || !onEntryScreen;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {chrome ? (
        <Suspense fallback={null}>
          {showsHeader(pathname) ? <Header /> : null}
          <SyncIndicator />
        </Suspense>
      ) : null}
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
