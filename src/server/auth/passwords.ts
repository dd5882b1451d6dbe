// Password hashing: Argon2id (@node-rs/argon2, the reference implementation as a prebuilt N-API
// module, hashing off the main thread) at OWASP's minimum cost. Hashes are self-describing PHC
// strings, so the cost can change without breaking old hashes; hashes made with scrypt before
// (or with another cost) still verify and are replaced at the user's next successful login.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { type Argon2Cost, OWASP_ARGON2ID } from '../config';

// The library's enum is a const enum, which this build cannot read at run time.
const ARGON2ID: Algorithm.Argon2id = 2;

export function hashPassword(password: string, cost: Argon2Cost = OWASP_ARGON2ID): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKiB,
    timeCost: cost.passes,
    parallelism: cost.lanes,
  });
}

export interface Verified {
  ok: boolean;
  /** The hash is right but made with another algorithm or cost: store a new one. */
  outdated: boolean;
}

export async function verifyPassword(
  password: string,
  stored: string,
  cost: Argon2Cost = OWASP_ARGON2ID,
): Promise<Verified> {
  if (stored.startsWith('scrypt$')) return { ok: await verifyScrypt(password, stored), outdated: true };
  if (!stored.startsWith('$argon2id$')) return { ok: false, outdated: false };
  const ok = await verify(stored, password).catch(() => false);
  const params = `$m=${cost.memoryKiB},t=${cost.passes},p=${cost.lanes}$`;
  return { ok, outdated: !stored.replace(/^\$argon2id\$v=\d+/, '').startsWith(params) };
}

/** The format used before: 'scrypt$N$r$p$salt$hash' (base64url), verified in constant time. */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, expectedB64] = stored.split('$');
  if (!salt || !expectedB64) return Promise.resolve(false);
  const expected = Buffer.from(expectedB64, 'base64url');
  return new Promise((resolve) => {
    const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 };
    scrypt(password, Buffer.from(salt, 'base64url'), expected.length, options, (err, key) =>
      resolve(!err && key.length === expected.length && timingSafeEqual(key, expected)),
    );
  });
}

const dummies = new Map<string, Promise<string>>();

/** A hash to verify against when the email is unknown, so timing does not reveal accounts. */
export function dummyHash(cost: Argon2Cost = OWASP_ARGON2ID): Promise<string> {
  const key = `${cost.memoryKiB}/${cost.passes}/${cost.lanes}`;
  let found = dummies.get(key);
  if (!found) {
    found = hashPassword(randomBytes(12).toString('hex'), cost);
    dummies.set(key, found);
  }
  return found;
}
