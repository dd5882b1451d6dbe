// The app's providers around the router: the store loader, the loading shell (ShellPending, as
// index.html's static one looks) that stands until the first auth check has answered and the
// router has put its first screen on the page, and, once the first screen is up and the browser is
// idle, the toast area and the PWA controls (lazy chunks: no screen toasts before its user acts).
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_TOP_PX, TOAST_WIDTH_PX } from '@/domain/constants';
import type { AuthGate } from './auth/auth-gate';
import { markFirstScreenShown, useFirstScreenShown } from './first-screen';
import { StoreLoaderProvider } from './hooks/use-store';
import { useT } from './i18n/i18n';
import { useIdle } from './idle';
import type { AppRouter } from './router';
import type { StoreLoader } from './store-loader';
import { ShellPending } from './ui/shell-pending';

const PwaControls = lazy(() => import('./pwa/pwa-controls').then((m) => ({ default: m.PwaControls })));
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

interface AppProps {
  storeLoader: StoreLoader;
  router: AppRouter;
  auth: AuthGate;
}

export function App({ storeLoader, router, auth }: AppProps) {
  const ready = useSyncExternalStore(auth.subscribe, auth.isReady, auth.isReady);
  const shown = useFirstScreenShown();
  const idle = useIdle();
  const t = useT();
  useEffect(() => {
    void auth.ready();
  }, [auth]);
  // A screen the router could not mount (its error screen) ends the wait too.
  useEffect(() => router.subscribe('onRendered', markFirstScreenShown), [router]);
  return (
    <StoreLoaderProvider loader={storeLoader}>
      {ready ? <RouterProvider router={router} /> : null}
      {ready && shown ? null : <ShellPending />}
      {idle ? (
        <Suspense fallback={null}>
          <Toaster
            position="top-right"
            // Below the header: a toast must not sit over the profile menu or the nav, and one the
            // pointer rests on stays (sonner pauses it), so it would hold them covered.
            offset={{ top: TOAST_TOP_PX }}
            mobileOffset={{ top: TOAST_TOP_PX }}
            richColors
            closeButton
            containerAriaLabel={t('app.toasts')}
            // Under modal dialogs (z-50), never over them: a toast must not cover a question's
            // text (sonner's own z-index is the highest there is).
            style={{ width: TOAST_WIDTH_PX, zIndex: 40 }}
            toastOptions={{ style: { width: TOAST_WIDTH_PX } }}
          />
          <PwaControls />
        </Suspense>
      ) : null}
    </StoreLoaderProvider>
  );
}
