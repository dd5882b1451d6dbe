// The waiting list: every change of the signed-in user not yet applied by the server, in send
// order, with what it is waiting for (its turn, its photo's upload, the user after a refusal,
// the user signing in again after a 401) and, where it needs a photo, the upload's progress.
import { ERRORS } from '@/domain/errors';
import { isStuck, type OutboxEntry } from '@/domain/outbox/entry';
import { retryCanSucceed } from '@/domain/outbox/refusal';
import { describeEntry, photoOf, refusedForPhoto } from './kinds';
import { getMeta, META } from './meta';
import { readableEntry, userEntries } from './outbox';
import { photosOf } from './photos';
import type { Store } from './store';

export type WaitingState = 'waiting' | 'uploading' | 'signin' | 'stuck' | 'failed';

export interface WaitingItem {
  key: string;
  label: string;
  state: WaitingState;
  /** The server's message for a refusal, or the last transient error of a stuck change. */
  error: string | null;
  photo: { sent: number; size: number; originalSize: number } | null;
  /**
   * Refused because the server no longer has its photo, which the device still holds: Retry
   * uploads it again ("Upload the photo again").
   */
  reupload: boolean;
  /** Sending it again can succeed (a stuck change always; a refused one by its code): Retry is offered. */
  retry: boolean;
}

/** The entry's label; one this code cannot read still gets a row, to be discarded. */
function labelOf(store: Store, e: OutboxEntry): string {
  try {
    if (readableEntry(e)) return describeEntry(store.mutators, e);
  } catch {
    // Its arguments are not what the kind expects: the generic label below.
  }
  return 'A change saved by another version of Carry';
}

export async function waitingList(store: Store, user: string): Promise<WaitingItem[]> {
  const photos = await photosOf(store.db, user);
  const signedOut = (await getMeta<string>(store.db, META.authBlockedFor)) === user;
  const now = store.now();
  return (await userEntries(store.db, user)).map((e): WaitingItem => {
    const id = readableEntry(e) ? photoOf(store.mutators, e) : null;
    const p = id === null ? undefined : photos.get(id);
    const photo = p ? { sent: p.url ? p.size : p.sent, size: p.size, originalSize: p.originalSize } : null;
    const photoUp = !p || Boolean(p.url);
    let state: WaitingState = 'waiting';
    if (e.state === 'failed' || !readableEntry(e)) state = 'failed';
    else if (signedOut) state = 'signin';
    else if (isStuck(e, now) || (!photoUp && p && isStuck(p, now))) state = 'stuck';
    else if (!photoUp) state = 'uploading';
    return {
      key: e.key,
      label: labelOf(store, e),
      state,
      error: !readableEntry(e)
        ? ERRORS['outbox/unreadable'].message
        : e.state === 'failed' || state === 'stuck'
          ? (e.lastError ?? p?.lastError ?? null)
          : null,
      photo,
      reupload: state === 'failed' && Boolean(p) && readableEntry(e) && refusedForPhoto(store.mutators, e),
      retry: state !== 'failed' || (readableEntry(e) && retryCanSucceed(e.lastErrorCode)),
    };
  });
}
