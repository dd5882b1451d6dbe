// The authenticated layout route (no path of its own): every screen behind the login is its child
// (the `_authed.` files), rendered below the app icon's badge (app-badge.tsx). Its beforeLoad sends a visitor without a session to the login screen
// with the screen they asked for as ?redirect=, and otherwise loads the data layer's Store and the
// header's chunks, handing the Store to the children's loaders in the route context. The root
// route has run the auth check (SPEC section 2) before it.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { readSession } from '@/data/engine/stored-session';
import { ScreenPending } from '../ui/screen-pending';
import { AccountLocale } from './-components/account-locale';
import { AppBadge } from './-components/app-badge';
import { loadChrome } from './-components/chrome';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    if (!readSession(context.storeLoader.storage)) {
      throw redirect({ to: '/', search: { redirect: location.href }, replace: true });
    }
    return { store: await loadChrome(context.storeLoader) };
  },
  // Shown when the Store or a screen takes a while (a slow network on the first visit).
  pendingComponent: ScreenPending,
  component: Authed,
});

/** Every screen behind the login, with the app icon's badge kept while one is open. */
function Authed() {
  return (
    <>
      <AppBadge />
      <AccountLocale />
      <Outlet />
    </>
  );
}
