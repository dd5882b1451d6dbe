// The profile screen's data: the user's details and booking counts, mirrored per email.
import { profileResponseSchema } from '@/domain/profile/schema';
import { callParsed } from './http';
import { META, setMeta } from './meta';
import { getSession, loadSession } from './session';
import type { Store } from './store';

export async function refreshProfile(store: Store): Promise<void> {
  const session = getSession(store) ?? (await loadSession(store));
  if (!session) throw new Error('Email not found in local storage.');
  const path = `/api/profile/${encodeURIComponent(session.email)}`;
  const res = await callParsed(store.http, 'GET', path, profileResponseSchema);
  await store.db.profile.put({ ...res, email: session.email, fetchedAt: store.now() });
  await setMeta(store.db, META.syncedAt('profile'), store.now());
}
