// The page's entry: one store for the page, the sync engine, the router and the root render.
import { liveQuery } from 'dexie';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore, META, requestPersistentStorage, startSync } from '@/data';
import { App } from './app';
import { createAppRouter } from './router';
import './styles.css';

const store = createStore();
startSync(store);
void requestPersistentStorage();
const { router, auth } = createAppRouter(store);
// Back online: a session that ended meanwhile sends the user to log in (queued changes stay).
window.addEventListener('online', () => void auth.revalidate());
// The replayer met a 401 (the session ended while the page was open and online): check now rather
// than at the next navigation, so the user is asked to log in and the parked queue can drain.
liveQuery(() => store.db.meta.get(META.authBlockedFor)).subscribe({
  next: (row) => {
    if (row?.value) void auth.revalidate();
  },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App store={store} router={router} auth={auth} />
    </StrictMode>,
  );
}
