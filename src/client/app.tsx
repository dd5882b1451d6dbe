// The app's providers around the router: the store, the toast area, and the 'Loading...'
// screen that stands until the first auth check has answered.
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import type { Store } from '@/data';
import { TOAST_WIDTH_PX } from '@/domain/constants';
import type { AuthGate } from './auth/auth-gate';
import { StoreProvider } from './hooks/store';
import { PwaControls } from './pwa/pwa-controls';
import type { AppRouter } from './router';
import { FullScreenMessage } from './ui/full-screen';

interface AppProps {
  store: Store;
  router: AppRouter;
  auth: AuthGate;
}

export function App({ store, router, auth }: AppProps) {
  const ready = useSyncExternalStore(auth.subscribe, auth.isReady, auth.isReady);
  useEffect(() => {
    void auth.ready();
  }, [auth]);
  return (
    <StoreProvider store={store}>
      {ready ? <RouterProvider router={router} /> : <FullScreenMessage message="Loading..." />}
      <PwaControls />
      <Toaster
        position="top-right"
        richColors
        closeButton
        style={{ width: TOAST_WIDTH_PX }}
        toastOptions={{ style: { width: TOAST_WIDTH_PX } }}
      />
    </StoreProvider>
  );
}
