// The device cookie: set at a successful login, it names the user who logged in on this device
// and a random device id, signed with a key the server keeps in its database. A login that
// presents it for the same user is from a known device: other people's failed guesses for that
// account never refuse it (they slow only logins from unknown devices). The user's device
// generation is signed in too: a password reset and "log out other devices" raise it, and every
// cookie made before is a stranger's again, until a login with the current password makes a new one.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
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

function mac(key: Buffer, userId: string, deviceId: string, generation: number): Buffer {
  return createHmac('sha256', key).update(`device:${userId}:${deviceId}:${generation}`).digest();
}

function parse(value: string | undefined) {
  const [userId, deviceId, signature] = value?.split('.') ?? [];
  return userId && deviceId && signature ? { userId, deviceId, signature } : null;
}

async function verified(db: Db, cookie: NonNullable<ReturnType<typeof parse>>, generation: number) {
  const expected = mac(await deviceKey(db), cookie.userId, cookie.deviceId, generation);
  const given = Buffer.from(cookie.signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The device id when the request carries a valid device cookie naming the account of `email`,
 * else null (at once, without a query, when there is no device cookie).
 */
export async function knownDevice(c: Context, db: Db, email: string): Promise<string | null> {
  const cookie = parse(getCookie(c, DEVICE_COOKIE));
  if (!cookie) return null;
  const [user] = await db
    .select({ id: users.id, generation: users.deviceGeneration })
    .from(users)
    .where(eq(users.email, email));
  if (!user || user.id !== cookie.userId) return null;
  return (await verified(db, cookie, user.generation)) ? cookie.deviceId : null;
}

/** Ends the trust of every device cookie of `userId`; answers the new generation. */
async function endDeviceTrust(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ deviceGeneration: sql`${users.deviceGeneration} + 1` })
    .where(eq(users.id, userId))
    .returning({ generation: users.deviceGeneration });
  return row?.generation ?? 0;
}

/**
 * "Log out other devices": every other device cookie of `userId` stops being known; this request's
 * own, when it was known, is signed again under the new generation, so this device stays known.
 */
export async function keepOnlyThisDevice(
  c: Context,
  db: Db,
  userId: string,
  secure: { sameSite: 'Lax' | 'None'; secure: boolean },
): Promise<void> {
  const cookie = parse(getCookie(c, DEVICE_COOKIE));
  const [user] = await db
    .select({ generation: users.deviceGeneration })
    .from(users)
    .where(eq(users.id, userId));
  const mine =
    cookie && user && cookie.userId === userId && (await verified(db, cookie, user.generation))
      ? cookie.deviceId
      : null;
  const generation = await endDeviceTrust(db, userId);
  if (mine) await rememberDevice(c, db, userId, generation, mine, secure);
}

/**
 * Sets (or renews) the device cookie for `userId` under its current device `generation`, keeping
 * the device id it already had. Only a login with the current password (or a known device's
 * "log out other devices") calls it.
 */
export async function rememberDevice(
  c: Context,
  db: Db,
  userId: string,
  generation: number,
  deviceId: string | null,
  secure: { sameSite: 'Lax' | 'None'; secure: boolean },
): Promise<void> {
  const id = deviceId ?? randomBytes(16).toString('base64url');
  const signature = mac(await deviceKey(db), userId, id, generation).toString('base64url');
  setCookie(c, DEVICE_COOKIE, `${userId}.${id}.${signature}`, {
    httpOnly: true,
    // Only the login reads it.
    path: '/auth',
    sameSite: secure.sameSite,
    secure: secure.secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
