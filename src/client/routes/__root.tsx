// The root route: the auth check on every path change (SPEC section 2), the redirects it
// implies, and the shared layout (sync indicator, header except on the entry screens).
import { createRootRouteWithContext, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { getSession } from '@/data';
import { isPublicPath, normalizePath, showsHeader } from '../auth/paths';
import type { RouterContext } from '../router';
import { Header } from './-components/header';
import { SyncIndicator } from './-components/sync-indicator';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location, preload }) => {
    const path = normalizePath(location.pathname);
    if (preload) await context.auth.ready();
    else await context.auth.checkPath(path);
    const session = await getSession(context.store);
    if (!session && !isPublicPath(path)) throw redirect({ to: '/', replace: true });
    if (session && (path === '/' || path === '/login'))
      throw redirect({ to: '/choose_user_type', replace: true });
    return { session };
  },
  component: RootLayout,
});

function RootLayout() {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {showsHeader(pathname) ? <Header /> : null}
      <SyncIndicator />
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
