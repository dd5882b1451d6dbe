// The root route: the auth check on every path change (SPEC section 2) and the shared layout
// (skip link, header and sync line, main). Which screens need a session is the authenticated
// layout route's business (_authed.tsx): the header shows under it, except on a screen whose
// staticData says hideHeader. On the entry screens the sync line comes once the browser is idle.
import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { readSession } from '@/data/engine/stored-session';
import { normalizePath } from '../auth/paths';
import { markFirstScreenShown } from '../first-screen';
import { useT } from '../i18n/i18n';
import { useIdle } from '../idle';
import type { RouterContext } from '../router-context';
import { ShellPending } from '../ui/shell-pending';
import { Header, loadChrome, SyncIndicator } from './-components/chrome';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen has no header (the role choice). */
    hideHeader?: boolean;
  }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location, preload }) => {
    // With a stored session the screen is almost surely behind the login: its data layer and
    // header are fetched while the session is checked, not after.
    if (readSession(context.storeLoader.storage)) loadChrome(context.storeLoader).catch(() => undefined);
    if (preload) await context.auth.ready();
    else await context.auth.checkPath(normalizePath(location.pathname));
  },
  // The first screen on a slow link: while the router's first load, a screen's chunk or its
  // area's words (useT('search') suspends) are on their way, the header's place and a loading
  // line stand, never a blank page.
  pendingComponent: RootPending,
  component: RootLayout,
});

/** The shell while the first screen loads (the app's own stands until this or the layout mounts). */
function RootPending() {
  useLayoutEffect(markFirstScreenShown, []);
  return <ShellPending />;
}

function RootLayout() {
  const { authed, hideHeader } = useMatches({
    select: (matches) => ({
      authed: matches.some((m) => m.routeId === '/_authed'),
      hideHeader: matches.some((m) => m.staticData.hideHeader),
    }),
  });
  const storeLoader = Route.useRouteContext({ select: (c) => c.storeLoader });
  const t = useT();
  const idle = useIdle();
  const [loaded, setLoaded] = useState(false);
  // Before paint: the app's loading shell goes in the same frame this layout comes.
  useLayoutEffect(markFirstScreenShown, []);
  useEffect(() => {
    // Behind the login the layout's beforeLoad has loaded them; on the entry screens, once idle.
    if (!idle || loaded) return;
    loadChrome(storeLoader).then(
      () => setLoaded(true),
      () => undefined,
    );
  }, [idle, loaded, storeLoader]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        {t('app.skip')}
      </a>
      {loaded || authed ? (
        <Suspense fallback={null}>
          {authed && !hideHeader ? <Header /> : null}
          <SyncIndicator />
        </Suspense>
      ) : null}
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
