// Courier photos: made small on the device before they are queued, named by the hash of their
// bytes, and uploaded on their own lane (one at a time, with progress, an idle time-out rather
// than a total one), so a slow upload never holds the other changes. The courier request that
// needs a photo goes once the photo's url is known (replay.ts).
import * as v from 'valibot';
import { backoffMs } from '@/domain/outbox/entry';
import type { PhotoRow } from './db';
import { ApiError, isTransient, OfflineError, parseRetryAfter } from './errors';
import { runtime } from './runtime';
import { loadSession } from './session';
import type { Store } from './store';

/** Longest edge after downscaling, and the JPEG quality: a phone photo becomes a few hundred KB. */
export const PHOTO_MAX_EDGE_PX = 1600;
export const PHOTO_JPEG_QUALITY = 0.8;
/** An upload that makes no progress for this long is given up (and retried later). */
export const PHOTO_IDLE_TIMEOUT_MS = 30_000;
/** Where no progress is reported (the service worker's fetch): the slowest upload still waited for. */
export const FETCH_UPLOAD_FLOOR_BPS = 2_000;
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

/** The photo's name: SHA-256 of its bytes, in hex. */
export async function photoIdOf(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
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
  const headers = { 'Idempotency-Key': `photo-${photo.id}` };
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

async function withPhotoLock<T>(fn: () => Promise<T>): Promise<T | null> {
  const locks = runtime.navigator?.locks;
  if (!locks?.request) return fn();
  return locks.request(PHOTO_LOCK, fn);
}

/** The photo the lane takes next for `user`: the oldest not yet uploaded nor refused. */
export async function nextPhoto(store: Store, user: string): Promise<PhotoRow | undefined> {
  const photos = await store.db.photos.where('user').equals(user).toArray();
  return photos.filter((p) => !p.url && !p.refused).sort((a, b) => a.createdAt - b.createdAt)[0];
}

/** Uploads the signed-in user's waiting photos, oldest first; stops at the first transient failure. */
export async function uploadPhotos(store: Store): Promise<number> {
  const user = (await loadSession(store))?.email;
  if (!user) return 0;
  const done = await withPhotoLock(async () => {
    let uploaded = 0;
    for (;;) {
      const photo = await nextPhoto(store, user);
      if (!photo || photo.nextAttemptAt > store.now()) return uploaded;
      if ((await loadSession(store))?.email !== user) return uploaded;
      let lastWrite = 0;
      try {
        const url = await send(store, photo, (sent) => {
          const t = Date.now();
          if (t - lastWrite < 200 && sent < photo.size) return;
          lastWrite = t;
          void store.db.photos.update(photo.id, { sent });
        });
        await store.db.photos.update(photo.id, { url, sent: photo.size, lastError: null });
        uploaded += 1;
        store.wake();
      } catch (err) {
        if (err instanceof ApiError && !isTransient(err) && err.status !== 401) {
          await refuse(store, photo, err);
          continue;
        }
        const attempts = photo.attempts + 1;
        const retryAfter = err instanceof ApiError ? (err.retryAfterMs ?? 0) : 0;
        await store.db.photos.update(photo.id, {
          attempts,
          sent: 0,
          nextAttemptAt: store.now() + Math.max(backoffMs(attempts, store.random()), retryAfter),
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
      .filter((e) => e.kind === 'courier' && e.local.photo === photo.id && e.mutationId === null)
      .modify({ state: 'failed', lastError: err.serverMessage, lastErrorCode: code });
  });
}
