// The app's providers around the router: the store loader, the toast area, the 'Loading...'
// screen that stands until the first auth check has answered, and the PWA controls once the
// store (and with it their module) has loaded.
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { TOAST_WIDTH_PX } from '@/domain/constants';
import type { AuthGate } from './auth/auth-gate';
import { StoreLoaderProvider } from './hooks/store';
import { useLoaded } from './loader';
import type { AppRouter } from './router';
import { type StoreLoader, storeUi } from './store-loader';
import { FullScreenMessage } from './ui/full-screen';

interface AppProps {
  stores: StoreLoader;
  router: AppRouter;
  auth: AuthGate;
}

export function App({ stores, router, auth }: AppProps) {
  const ready = useSyncExternalStore(auth.subscribe, auth.isReady, auth.isReady);
  const store = useLoaded(stores);
  const ui = useLoaded(storeUi);
  useEffect(() => {
    void auth.ready();
  }, [auth]);
  useEffect(() => {
    if (store) void storeUi.load().catch(() => {});
  }, [store]);
  return (
    <StoreLoaderProvider loader={stores}>
      {ready ? <RouterProvider router={router} /> : <FullScreenMessage message="Loading..." />}
      {store && ui ? <ui.PwaControls /> : null}
      <Toaster
        position="top-right"
        richColors
        closeButton
        style={{ width: TOAST_WIDTH_PX }}
        toastOptions={{ style: { width: TOAST_WIDTH_PX } }}
      />
    </StoreLoaderProvider>
  );
}
