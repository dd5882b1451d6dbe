// Courier photos: made small on the device before they are queued, named by their user and the
// hash of their bytes, and uploaded on their own lane (one at a time, with progress, an idle
// time-out rather than a total one), so a slow upload never holds the other changes. A photo
// belongs to the user who chose it: only that user's session uploads it, only that user's
// entries wait for it, and it is dropped once none of them needs it. The entry that needs a
// photo (its kind's `waitsFor`) goes once the photo's url is known (replay.ts). A 401 parks the
// lane like the outbox until the same user signs in again.
import * as v from 'valibot';
import { afterFailure, dueAt, NOT_FAILING, type OutboxEntry, retryWaitMs } from '@/domain/outbox/entry';
import type { AppDb } from './db';
import { ApiError, isTransient, OfflineError, parseRetryAfter } from './errors';
import { photoOf, refusedForPhoto, withPhoto } from './kinds';
import type { LocalMutators } from './local-mutator';
import { getMeta, META, setMeta } from './meta';
import { runtime } from './runtime';
import { currentLogin, sameLogin } from './session';
import type { Store } from './store';
import type { PhotoRow } from './tables';

/** Longest edge after downscaling, and the JPEG quality: a phone photo becomes a few hundred KB. */
export const PHOTO_MAX_EDGE_PX = 1600;
export const PHOTO_JPEG_QUALITY = 0.8;
/** An upload that makes no progress for this long is given up (and retried later). */
export const PHOTO_IDLE_TIMEOUT_MS = 30_000;
/** Where no progress is reported (the service worker's fetch): the slowest upload still waited for. */
export const FETCH_UPLOAD_FLOOR_BPS = 2_000;
/**
 * An upload older than this is made again before the request that needs it goes: the server
 * deletes an image no request names a day after its upload (ORPHAN_FILE_AGE_MS), and uploading
 * the same bytes again stores them again under the same link and restarts that day.
 */
export const PHOTO_REFRESH_MS = 12 * 60 * 60 * 1000;
const PHOTO_LOCK = 'carry-photos';
const UPLOAD_PATH = '/api/files/courier-images';

export interface PreparedPhoto {
  blob: Blob;
  originalSize: number;
  width: number;
  height: number;
}

/**
 * Downscales and re-encodes a picked image as JPEG (longest edge PHOTO_MAX_EDGE_PX). Where the
 * browser cannot decode it (or in tests without a canvas) the original is kept.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  const keep = { blob: file, originalSize: file.size, width: 0, height: 0 };
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return keep;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, PHOTO_MAX_EDGE_PX / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return keep;
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY });
    return blob.size < file.size
      ? { blob, originalSize: file.size, width, height }
      : { ...keep, width, height };
  } catch {
    return keep;
  }
}

/** The photo's name for `user`: the user and the SHA-256 of its bytes, in hex. */
export async function photoIdOf(user: string, bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `${user}:${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The user's own photos by id. Rows stored before photos were named by user (the bare hash, or
 * `legacy-<key>`) are read too, as long as they are this user's: another user's row is never
 * waited for (adoptPhotos gives the entry a copy of its own first).
 */
export async function photosOf(db: AppDb, user: string): Promise<Map<string, PhotoRow>> {
  return new Map((await db.photos.where('user').equals(user).toArray()).map((p) => [p.id, p]));
}

/** Uploaded so long ago (by this device's clock) that the server may have deleted it since. */
function staleUpload(photo: PhotoRow, now: number): boolean {
  return photo.url !== null && photo.uploadedAt !== undefined && now - photo.uploadedAt > PHOTO_REFRESH_MS;
}

/** The photo is to be uploaded (again): not up, or up so long ago that it must be made again. */
function needsUpload(photo: PhotoRow, now: number): boolean {
  return !photo.refused && (!photo.url || staleUpload(photo, now));
}

/**
 * Whether `entry` must wait for its photo: not sent yet, and its user's photo is not up yet (or
 * was uploaded so long ago, by the device's clock `now`, that it goes up again first).
 */
export function waitsForPhoto(
  mutators: LocalMutators,
  entry: OutboxEntry,
  photos: ReadonlyMap<string, PhotoRow>,
  now: number,
): boolean {
  const id = photoOf(mutators, entry);
  if (id === null || entry.mutationId !== null) return false;
  const photo = photos.get(id);
  return Boolean(photo && needsUpload(photo, now));
}

/**
 * Drops the user's photos no entry needs any more (applied, discarded, or dropped by a pull).
 * Entries of any user count: a row stored before photos were named by user may be another
 * user's entry's only copy until adoptPhotos gives it its own. Call inside a transaction over
 * the outbox and the photos.
 */
export async function releasePhotos(store: Store, user: string): Promise<void> {
  const { db } = store;
  const needed = new Set<string>();
  for (const e of await db.outbox.toArray()) {
    const id = photoOf(store.mutators, e);
    if (id !== null) needed.add(id);
  }
  const unused = await db.photos
    .where('user')
    .equals(user)
    .filter((p) => !needed.has(p.id))
    .primaryKeys();
  await db.photos.bulkDelete(unused);
}

const uploadAnswer = v.object({ url: v.string() });

function messageOfBody(text: string, status: number): { message: string; code?: string } {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    return {
      message: typeof body.message === 'string' ? body.message : `Request failed with status ${status}`,
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
    };
  } catch {
    return { message: `Request failed with status ${status}` };
  }
}

/** XHR on the page (upload progress, idle time-out); fetch where there is no XHR (worker, tests). */
function send(store: Store, photo: PhotoRow, onProgress: (sent: number) => void): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([photo.bytes], { type: photo.type }), photo.name);
  const url = `${store.baseUrl}${UPLOAD_PATH}`;
  // The server keys idempotency by user already; the key is bound to the bytes and the file name
  // (the same photo picked again under another name is another upload, not a reuse of the key).
  const hash = photo.id.slice(photo.id.lastIndexOf(':') + 1);
  const headers = { 'Idempotency-Key': `photo-${hash}-${nameHash(photo.name)}` };
  const parse = (status: number, text: string, retryAfter: string | null) => {
    if (status >= 200 && status < 300) {
      const answer = v.safeParse(uploadAnswer, JSON.parse(text || '{}'));
      if (answer.success) return answer.output.url;
      throw new OfflineError(new Error('Unexpected upload answer'));
    }
    const { message, code } = messageOfBody(text, status);
    throw new ApiError(status, message, code, parseRetryAfter(retryAfter, store.now()));
  };
  if (typeof XMLHttpRequest === 'function' && !store.fetch) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      let idle: ReturnType<typeof setTimeout> | undefined;
      const poke = () => {
        clearTimeout(idle);
        idle = setTimeout(() => xhr.abort(), PHOTO_IDLE_TIMEOUT_MS);
      };
      xhr.open('POST', url);
      xhr.withCredentials = true;
      for (const [k, val] of Object.entries(headers)) xhr.setRequestHeader(k, val);
      xhr.upload.onprogress = (e) => {
        poke();
        onProgress(e.loaded);
      };
      xhr.onload = () => {
        clearTimeout(idle);
        try {
          resolve(parse(xhr.status, xhr.responseText, xhr.getResponseHeader('retry-after')));
        } catch (err) {
          reject(err);
        }
      };
      const fail = () => {
        clearTimeout(idle);
        reject(new OfflineError(new Error('Upload stopped')));
      };
      xhr.onerror = fail;
      xhr.onabort = fail;
      xhr.ontimeout = fail;
      poke();
      xhr.send(form);
    });
  }
  // fetch reports no upload progress (a streamed body needs HTTP/2, which a local or proxied API
  // may not speak), so there is no idle to watch: the upload gets the idle time-out plus the
  // time the photo takes at FETCH_UPLOAD_FLOOR_BPS, and a link slower than that counts as stalled.
  const doFetch = store.fetch ?? fetch;
  const abort = new AbortController();
  const limit = setTimeout(
    () => abort.abort(),
    PHOTO_IDLE_TIMEOUT_MS + (photo.size / FETCH_UPLOAD_FLOOR_BPS) * 1000,
  );
  return (async () => {
    let answer: { status: number; text: string; retryAfter: string | null };
    try {
      const res = await doFetch(url, {
        method: 'POST',
        body: form,
        headers,
        credentials: 'include',
        signal: abort.signal,
      });
      answer = { status: res.status, text: await res.text(), retryAfter: res.headers.get('retry-after') };
    } catch (err) {
      throw new OfflineError(err);
    } finally {
      clearTimeout(limit);
    }
    return parse(answer.status, answer.text, answer.retryAfter);
  })();
}

/** FNV-1a of a file name, in hex: short and printable, for the upload's key. */
function nameHash(name: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

async function withPhotoLock<T>(fn: () => Promise<T>): Promise<T | null> {
  const locks = runtime.navigator?.locks;
  if (!locks?.request) return fn();
  return locks.request(PHOTO_LOCK, fn);
}

/**
 * Gives each unsent entry of `user` that waits for another user's photo row (one stored under
 * the bare hash, before photos were named by user) its own copy, `user:hash`, which this user's
 * session can upload. Call inside a transaction over the outbox and the photos.
 */
export async function adoptPhotos(store: Store, user: string): Promise<void> {
  const { db, mutators } = store;
  const own = await photosOf(db, user);
  for (const e of await db.outbox.where('user').equals(user).toArray()) {
    const id = photoOf(mutators, e);
    if (id === null || e.mutationId !== null || own.has(id)) continue;
    const row = await db.photos.get(id);
    const moved = row ? withPhoto(mutators, e, `${user}:${id.slice(id.lastIndexOf(':') + 1)}`) : null;
    const copy = moved && photoOf(mutators, moved);
    if (!row || !moved || !copy) continue;
    if (!own.has(copy)) {
      const mine: PhotoRow = { ...row, ...NOT_FAILING, id: copy, user, sent: 0, url: null, refused: false };
      await db.photos.put({ ...mine, attempts: 0, nextAttemptAt: 0, lastError: null });
      own.set(copy, mine);
    }
    await db.outbox.put(moved);
  }
}

/** The photo the lane takes next for `user`: the oldest not yet uploaded (or stale) nor refused. */
export async function nextPhoto(store: Store, user: string): Promise<PhotoRow | undefined> {
  const photos = await store.db.photos.where('user').equals(user).toArray();
  const now = store.now();
  return photos.filter((p) => needsUpload(p, now)).sort((a, b) => a.createdAt - b.createdAt)[0];
}

/** Uploads the signed-in user's waiting photos, oldest first; stops at the first transient failure. */
export async function uploadPhotos(store: Store): Promise<number> {
  const asked = await currentLogin(store);
  if (!asked || (await getMeta<string>(store.db, META.authBlockedFor)) === asked.user) return 0;
  const { user } = asked;
  const { db } = store;
  await db.transaction('rw', db.outbox, db.photos, async () => {
    await adoptPhotos(store, user);
    await releasePhotos(store, user);
  });
  const done = await withPhotoLock(async () => {
    let uploaded = 0;
    for (;;) {
      const photo = await nextPhoto(store, user);
      if (!photo || dueAt(photo.nextAttemptAt, store.now()) > store.now()) return uploaded;
      if (!(await sameLogin(store, asked))) return uploaded;
      let lastWrite = 0;
      try {
        const url = await send(store, photo, (sent) => {
          const t = Date.now();
          if (t - lastWrite < 200 && sent < photo.size) return;
          lastWrite = t;
          void store.db.photos.update(photo.id, { sent });
        });
        await store.db.photos.update(photo.id, {
          url,
          sent: photo.size,
          lastError: null,
          uploadedAt: store.now(),
        });
        uploaded += 1;
        store.wake();
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          // Not a failure of the photo: the session ended. The lane (and the outbox) wait for
          // this user to sign in again (login clears the mark).
          await store.db.photos.update(photo.id, { sent: 0 });
          // Unless the user signed in again while it was on its way (replay.ts, the same rule).
          if (await sameLogin(store, asked)) await setMeta(store.db, META.authBlockedFor, user);
          return uploaded;
        }
        if (err instanceof ApiError && !isTransient(err)) {
          await refuse(store, photo, err);
          continue;
        }
        const attempts = photo.attempts + 1;
        const now = store.now();
        const retryAfter = err instanceof ApiError ? err.retryAfterMs : null;
        await store.db.photos.update(photo.id, {
          attempts,
          sent: 0,
          nextAttemptAt: now + retryWaitMs(attempts, store.random(), retryAfter),
          ...afterFailure(photo, now),
          lastError: err instanceof Error ? err.message : String(err),
        });
        return uploaded;
      }
    }
  });
  return done ?? 0;
}

/** The server will never take this photo (not an image, too large): its request fails with why. */
async function refuse(store: Store, photo: PhotoRow, err: ApiError): Promise<void> {
  const { db } = store;
  const code = err.code ?? 'file/not-image';
  await db.transaction('rw', db.photos, db.outbox, async () => {
    await db.photos.update(photo.id, { refused: true, lastError: err.serverMessage });
    await db.outbox
      .where('user')
      .equals(photo.user)
      .filter((e) => photoOf(store.mutators, e) === photo.id && e.mutationId === null)
      .modify({ state: 'failed', lastError: err.serverMessage, lastErrorCode: code });
  });
}

/**
 * The user retries an entry: a photo of theirs the server refused is uploaded again, and so is
 * one the server no longer has (the entry was refused for it: "Upload the photo again").
 */
export async function retryPhotoOf(store: Store, entry: OutboxEntry): Promise<void> {
  const id = photoOf(store.mutators, entry);
  if (id === null) return;
  const gone = entry.state === 'failed' && refusedForPhoto(store.mutators, entry);
  await store.db.photos
    .where('id')
    .equals(id)
    .filter((p) => (p.refused || gone) && p.user === entry.user)
    .modify({
      ...(gone ? { url: null } : {}),
      refused: false,
      attempts: 0,
      nextAttemptAt: 0,
      sent: 0,
      lastError: null,
      failingForMs: 0,
      lastAttemptAt: null,
    });
}
