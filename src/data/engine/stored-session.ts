// The session as the page stores it (SPEC.md's local storage keys), read without the database or
// the HTTP client: the entry screens ask "is anyone signed in?" before the data layer loads.
import { ROLES, type Role, STORAGE_KEYS } from '@/domain/constants';
import { type KeyValueStorage, runtime } from './runtime';

export interface SessionUser {
  token: string;
  email: string;
  name: string;
  phone: string;
  userRole: Role | null;
}

/** The page's localStorage, or null where there is none or access throws (storage disabled). */
export function pageStorage(): KeyValueStorage | null {
  try {
    return runtime.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The session held in `storage`, or null when no token and email are stored. */
export function readSession(storage: KeyValueStorage | null): SessionUser | null {
  const token = read(storage, STORAGE_KEYS.token);
  const email = read(storage, STORAGE_KEYS.email);
  if (!token || !email) return null;
  const role = read(storage, STORAGE_KEYS.userRole);
  return {
    token,
    email,
    name: read(storage, STORAGE_KEYS.name) ?? '',
    phone: read(storage, STORAGE_KEYS.phone) ?? '',
    userRole: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : null,
  };
}
