// The root route: the auth check on every path change (SPEC section 2), the redirects it
// implies, and the shared layout (sync indicator, header except on the entry screens). Every
// screen but login and signup reads the store as it renders, so the store loads before them.
import { createRootRouteWithContext, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { readSession } from '@/data/stored-session';
import { isPublicPath, normalizePath, showsHeader } from '../auth/paths';
import { useLoadedStore } from '../hooks/store';
import { useLoaded } from '../loader';
import type { RouterContext } from '../router';
import { storeUi } from '../store-loader';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location, preload }) => {
    const path = normalizePath(location.pathname);
    if (preload) await context.auth.ready();
    else await context.auth.checkPath(path);
    const session = readSession(context.stores.storage);
    if (!session && !isPublicPath(path)) throw redirect({ to: '/', replace: true });
    if (session && (path === '/' || path === '/login'))
      throw redirect({ to: '/choose_user_type', replace: true });
    if (!isPublicPath(path)) await Promise.all([context.stores.load(), storeUi.load()]);
    return { session };
  },
  component: RootLayout,
});

function RootLayout() {
  const pathname = useLocation({ select: (l) => l.pathname });
  // On the entry screens these arrive after the form, once the data layer has loaded.
  const ui = useLoaded(storeUi);
  const store = useLoadedStore();
  const chrome = store ? ui : null;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {chrome && showsHeader(pathname) ? <chrome.Header /> : null}
      {chrome ? <chrome.SyncIndicator /> : null}
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
