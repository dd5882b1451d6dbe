// Government ID numbers at rest: sealed with AES-256-GCM (node:crypto) under the operator's key,
// ID_ENCRYPTION_KEY, or one made on first start into DATA_DIR (like the VAPID keys, made once and
// kept). A sealed number reads "v1.<iv>.<tag>.<ciphertext>" (base64url); only its last 4
// characters are kept in the clear, for the masked display. Nothing here logs a number.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';

/** A key as the setting gives it: 64 hex digits or 32 bytes in base64; null for anything else. */
export function parseIdKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  const b = Buffer.from(t, 'base64');
  return b.length === KEY_BYTES && /^[A-Za-z0-9+/_-]+=*$/.test(t) ? b : null;
}

/**
 * The key: `given` (ID_ENCRYPTION_KEY) when set, else the one in `file`, made there (mode 0600)
 * the first time. Throws on a key that is not 32 bytes: the server must not start without one.
 */
export function loadIdKey(given: string, file: string): Buffer {
  if (given) {
    const key = parseIdKey(given);
    if (!key) throw new Error('ID_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64');
    return key;
  }
  if (existsSync(file)) {
    const key = parseIdKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  // 'wx': a second process starting at once keeps the first one's key.
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadIdKey('', file);
    throw err;
  }
  return key;
}

export function sealIdNumber(key: Uint8Array, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** The number back; throws when the key is not the one it was sealed with or it was altered. */
export function openIdNumber(key: Uint8Array, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed ID number');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The last 4 letters or digits of a number, for the masked display. */
export const lastFour = (plain: string): string => plain.replace(/[^A-Za-z0-9]/g, '').slice(-4);
