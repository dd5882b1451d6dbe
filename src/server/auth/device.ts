// The device cookie: set at a successful login, it names the user who logged in on this device
// and a random device id, signed with a key the server keeps in its database. A login that
// presents it for the same user is from a known device: other people's failed guesses for that
// account never refuse it (they slow only logins from unknown devices).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client';
import { serverSecrets, users } from '../db/schema';

export const DEVICE_COOKIE = 'carry_device';
/** Chromium caps cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

const keys = new WeakMap<Db, Promise<Buffer>>();

/**
 * The HMAC key, made at first use and kept in `server_secrets`, so every process (and every
 * restart) signs and checks with the same one. The insert that loses a race changes nothing.
 */
function deviceKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(serverSecrets)
        .values({ name: 'device-cookie', value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, 'device-cookie'));
      if (!row) throw new Error('device-cookie key missing');
      return Buffer.from(row.value, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function mac(key: Buffer, userId: string, deviceId: string): Buffer {
  return createHmac('sha256', key).update(`device:${userId}:${deviceId}`).digest();
}

/**
 * The device id when the request carries a valid device cookie naming the account of `email`,
 * else null (at once, without a query, when there is no device cookie).
 */
export async function knownDevice(c: Context, db: Db, email: string): Promise<string | null> {
  const value = getCookie(c, DEVICE_COOKIE);
  const [userId, deviceId, signature] = value?.split('.') ?? [];
  if (!userId || !deviceId || !signature) return null;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (user?.id !== userId) return null;
  const expected = mac(await deviceKey(db), userId, deviceId);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/** Sets (or renews) the device cookie for `userId`, keeping the device id it already had. */
export async function rememberDevice(
  c: Context,
  db: Db,
  userId: string,
  deviceId: string | null,
  secure: { sameSite: 'Lax' | 'None'; secure: boolean },
): Promise<void> {
  const id = deviceId ?? randomBytes(16).toString('base64url');
  const signature = mac(await deviceKey(db), userId, id).toString('base64url');
  setCookie(c, DEVICE_COOKIE, `${userId}.${id}.${signature}`, {
    httpOnly: true,
    // Only the login reads it.
    path: '/auth',
    sameSite: secure.sameSite,
    secure: secure.secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
