// The waiting list: every change of the signed-in user not yet applied by the server, in send
// order, with what it is waiting for (its turn, its photo's upload, the user after a refusal,
// the user signing in again after a 401) and, where it needs a photo, the upload's progress.
import { isStuck, type OutboxEntry } from '@/domain/outbox/entry';
import { retryCanSucceed } from '@/domain/outbox/refusal';
import { type MsgKey, msgKeyOf } from '@/domain/texts';
import { describeEntry, photoOf, refusedForPhoto } from './kinds';
import type { ChangeLabel } from './local-mutator';
import { getMeta, META } from './meta';
import { readableEntry, userEntries } from './outbox';
import { photosOf } from './photos';
import type { Store } from './store';

export type WaitingState = 'waiting' | 'uploading' | 'signin' | 'stuck' | 'failed';

export interface WaitingItem {
  key: string;
  /** What the change is, for the client to put in words (`sync.change.<key>`). */
  label: ChangeLabel;
  state: WaitingState;
  /**
   * A refused change's refusal code ('outbox/unreadable' for one this code cannot read), a stuck
   * one's last failure code when it has one ('storage/full'); else null. The client words it.
   */
  error: string | null;
  /** For a `request/invalid` refusal, the rule the change broke: its key in src/domain/texts.ts. */
  invalid: MsgKey | null;
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
function labelOf(store: Store, e: OutboxEntry): ChangeLabel {
  try {
    if (readableEntry(e)) return describeEntry(store.mutators, e);
  } catch {
    // Its arguments are not what the kind expects: the generic label below.
  }
  return { key: 'unreadable' };
}

/** A refused entry's code; an entry refused before entries kept codes has only the message. */
function refusalOf(e: OutboxEntry): string | null {
  return e.lastErrorCode ?? e.lastError;
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
        ? 'outbox/unreadable'
        : state === 'failed'
          ? refusalOf(e)
          : state === 'stuck'
            ? e.lastErrorCode
            : null,
      invalid: state === 'failed' && e.lastErrorCode === 'request/invalid' ? msgKeyOf(e.lastError) : null,
      photo,
      reupload: state === 'failed' && Boolean(p) && readableEntry(e) && refusedForPhoto(store.mutators, e),
      retry: state !== 'failed' || (readableEntry(e) && retryCanSucceed(e.lastErrorCode)),
    };
  });
}
