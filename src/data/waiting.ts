// The waiting list: every change of the signed-in user not yet applied by the server, in send
// order, with what it is waiting for (its turn, its photo's upload, the user after a refusal)
// and, for a courier request, its photo's upload progress.

import { ERRORS } from '@/domain/errors';
import type { OutboxEntry } from '@/domain/outbox/entry';
import { STUCK_AFTER_MS } from '@/domain/outbox/entry';
import { describeEntry } from './mutators';
import { readableEntry, userEntries } from './outbox';
import type { Store } from './store';

export type WaitingState = 'waiting' | 'uploading' | 'stuck' | 'failed';

export interface WaitingItem {
  key: string;
  label: string;
  state: WaitingState;
  /** The server's message for a refusal, or the last transient error of a stuck change. */
  error: string | null;
  photo: { sent: number; size: number; originalSize: number } | null;
}

/** The entry's label; one this code cannot read still gets a row, to be discarded. */
function labelOf(e: OutboxEntry): string {
  try {
    if (readableEntry(e)) return describeEntry(e);
  } catch {
    // Its arguments are not what the kind expects: the generic label below.
  }
  return 'A change saved by another version of Carry';
}

export async function waitingList(store: Store, user: string): Promise<WaitingItem[]> {
  const photos = new Map((await store.db.photos.where('user').equals(user).toArray()).map((p) => [p.id, p]));
  const now = store.now();
  return (await userEntries(store.db, user)).map((e): WaitingItem => {
    const p = e.kind === 'courier' && e.local?.photo ? photos.get(e.local.photo) : undefined;
    const photo = p ? { sent: p.url ? p.size : p.sent, size: p.size, originalSize: p.originalSize } : null;
    const stuck = e.state !== 'failed' && e.failingSince !== null && now - e.failingSince >= STUCK_AFTER_MS;
    const photoStuck = p && !p.url && p.attempts > 0 && now - p.createdAt >= STUCK_AFTER_MS;
    let state: WaitingState = 'waiting';
    if (e.state === 'failed' || !readableEntry(e)) state = 'failed';
    else if (stuck || photoStuck) state = 'stuck';
    else if (p && !p.url) state = 'uploading';
    return {
      key: e.key,
      label: labelOf(e),
      state,
      error: !readableEntry(e)
        ? ERRORS['outbox/unreadable'].message
        : e.state === 'failed' || state === 'stuck'
          ? (e.lastError ?? p?.lastError ?? null)
          : null,
      photo,
    };
  });
}
