// The signed-in user: SPEC.md's local storage keys on the page, mirrored in the meta table
// because the service worker has no localStorage. A network failure never ends a session.
import * as v from 'valibot';
import {
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  type SignupRequest,
} from '@/domain/auth/schema';
import { type Role, STORAGE_KEYS } from '@/domain/constants';
import { userTables } from './db';
import { ApiError, OfflineError } from './errors';
import { call, callParsed } from './http';
import { getMeta, META, setMeta } from './meta';
import { requestPersistentStorage } from './persist';
import type { Store } from './store';
import { readSession, type SessionUser } from './stored-session';

export type { SessionUser };

/** The session from local storage, or null; null in the service worker (use loadSession). */
export function getSession(store: Store): SessionUser | null {
  return readSession(store.storage);
}

/** The session where there may be no localStorage: local storage first, then the meta copy. */
export async function loadSession(store: Store): Promise<SessionUser | null> {
  if (store.storage) return getSession(store);
  return (await getMeta<SessionUser | null>(store.db, META.session)) ?? null;
}

export function subscribeSession(store: Store, cb: () => void): () => void {
  store.sessionListeners.add(cb);
  // Another tab logging in or out changes the same storage.
  const onStorage = () => cb();
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    store.sessionListeners.delete(cb);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

async function writeSession(store: Store, user: SessionUser | null): Promise<void> {
  try {
    for (const key of Object.values(STORAGE_KEYS)) store.storage?.removeItem(key);
    if (user) {
      for (const key of Object.values(STORAGE_KEYS)) {
        const value = user[key];
        if (value) store.storage?.setItem(key, value);
      }
    }
  } catch {
    // Storage may be full or disabled: the meta copy below still holds the session.
  }
  await setMeta(store.db, META.session, user);
  for (const cb of store.sessionListeners) cb();
}

export async function login(store: Store, req: LoginRequest): Promise<LoginResponse> {
  const res = await callParsed(store.http, 'POST', '/auth/login', loginResponseSchema, { json: req });
  const previous = await getMeta<string>(store.db, META.lastUser);
  const sameUser = previous === res.email;
  // Every login is a new generation: answers asked for an earlier one are dropped (pull, replay).
  await setMeta(store.db, META.sessionGeneration, crypto.randomUUID());
  // Another user's mirror must not show to this one; the outbox stays, tagged with its user.
  if (!sameUser) await clearUserData(store);
  const role = sameUser ? (getSession(store)?.userRole ?? null) : null;
  await writeSession(store, {
    token: res.token,
    email: res.email,
    name: res.name,
    phone: res.phone,
    userRole: role,
  });
  await setMeta(store.db, META.lastUser, res.email);
  // A queue parked by a 401 resumes only for the user who queued it (replay filters by user).
  await store.db.meta.delete(META.authBlockedFor);
  // Not awaited, so never left to reject unhandled: a page closed meanwhile (an update) ends it.
  void askPersistenceOnce(store, res.email).catch(() => undefined);
  store.wake();
  return res;
}

async function askPersistenceOnce(store: Store, email: string): Promise<void> {
  if ((await getMeta<string>(store.db, META.persistAskedFor)) === email) return;
  await setMeta(store.db, META.persistAskedFor, email);
  await requestPersistentStorage();
}

export async function signup(store: Store, req: SignupRequest): Promise<void> {
  await call(store.http, 'POST', '/auth/signup', { json: req });
}

async function clearUserData(store: Store): Promise<void> {
  const { db } = store;
  await db.transaction('rw', [...userTables(db), db.analytics, db.meta], async () => {
    for (const table of userTables(db)) await table.clear();
    await db.analytics.clear();
    // A pull cookie names rows that are gone now: the next pull must send them all again.
    await db.meta.where('key').startsWith('pullCookie:').delete();
  });
}

/**
 * Ends the session locally whatever the server says. Unsent changes are kept (and resume when
 * the same user logs in) unless `discardUnsent` is set after the user has agreed to lose them.
 */
export async function logout(store: Store, opts: { discardUnsent?: boolean } = {}): Promise<void> {
  const user = (await loadSession(store))?.email;
  // First of all: from now on no answer asked for this session may land.
  await store.db.meta.delete(META.sessionGeneration);
  await call(store.http, 'POST', '/auth/logout').catch(() => undefined);
  await clearUserData(store);
  if (opts.discardUnsent && user) {
    await store.db.transaction('rw', store.db.outbox, store.db.photos, async () => {
      await store.db.outbox.where('user').equals(user).delete();
      await store.db.photos.where('user').equals(user).delete();
    });
  }
  await clearCaches();
  await writeSession(store, null);
}

/**
 * Ends every other session of the signed-in user on the server (other phones, browsers); this
 * one stays. Answers how many ended. Needs the network: an offline or refused call throws.
 */
export async function logoutOthers(store: Store): Promise<number> {
  const body = await call(store.http, 'POST', '/auth/logout-others');
  const ended = body && typeof body === 'object' && 'ended' in body ? body.ended : 0;
  return typeof ended === 'number' ? ended : 0;
}

/** The current login's generation (see META.sessionGeneration); null when none was recorded. */
export async function sessionGeneration(store: Store): Promise<string | null> {
  return (await getMeta<string>(store.db, META.sessionGeneration)) ?? null;
}

/** The login a push, pull or upload runs for: its user, and that login's generation. */
export interface Login {
  user: string;
  generation: string | null;
}

/** The login signed in now; null when nobody is. */
export async function currentLogin(store: Store): Promise<Login | null> {
  const user = (await loadSession(store))?.email;
  return user ? { user, generation: await sessionGeneration(store) } : null;
}

/**
 * Whether `asked` is still the login signed in: 'same'; 'other-user' when someone else or nobody
 * is; 'ended' when its user logged out and in again since (answers asked for it change nothing).
 */
export async function loginSince(store: Store, asked: Login): Promise<'same' | 'other-user' | 'ended'> {
  if ((await loadSession(store))?.email !== asked.user) return 'other-user';
  return (await sessionGeneration(store)) === asked.generation ? 'same' : 'ended';
}

/** loginSince is 'same': a push, pull or upload started under `asked` may go on. */
export async function sameLogin(store: Store, asked: Login): Promise<boolean> {
  return (await loginSince(store, asked)) === 'same';
}

/** Cache Storage entries except reference data (kept so the forms work offline after logout). */
async function clearCaches(): Promise<void> {
  const caches = globalThis.caches;
  if (!caches) return;
  try {
    for (const name of await caches.keys()) {
      if (!/reference|precache/i.test(name)) await caches.delete(name);
    }
  } catch {
    // Cache Storage can be unavailable (private mode); nothing to clear then.
  }
}

export async function setRole(store: Store, role: Role): Promise<void> {
  const session = getSession(store) ?? (await loadSession(store));
  if (!session) return;
  await writeSession(store, { ...session, userRole: role });
}

const authStatusBody = v.object({ status: v.number() });

/** GET /api/auth: no response is 'offline' and keeps the session; any answer but 200 is not. */
export async function checkAuth(store: Store): Promise<'authenticated' | 'unauthorized' | 'offline'> {
  // Only the server saying 401 ends a session (ARCHITECTURE's offline rules). A 5xx, or a 200
  // whose body never fully arrived (the page navigating away mid-read), tells nothing: it is
  // treated like no answer, and the last known session stands.
  try {
    const body = v.safeParse(authStatusBody, await call(store.http, 'GET', '/api/auth'));
    if (!body.success) return 'offline';
    return body.output.status === 200 ? 'authenticated' : 'unauthorized';
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return 'unauthorized';
    if (err instanceof ApiError || err instanceof OfflineError) return 'offline';
    throw err;
  }
}
