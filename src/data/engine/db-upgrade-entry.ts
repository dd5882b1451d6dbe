// A version 3 outbox entry (`payload`, sent over REST) in the version 4 shape (`args`, `local`,
// a mutation id given at push time), its courier photo moved to the photos table (db-upgrades.ts).
import { COURIER_HIDDEN_DEFAULTS } from '@/domain/courier/schema';
import type { PhotoRow } from './tables';

type LegacyCourierPayload = {
  form?: Record<string, unknown>;
  image?: { bytes: ArrayBuffer; type: string; name: string };
  itemImageUrl?: string | null;
};

/** A version 3 entry (`payload`) in the version 4 shape (`args`, `local`, `mutationId`). */
export function upgradeEntryToV4(
  entry: Record<string, unknown>,
  addPhoto: (photo: PhotoRow) => unknown,
): void {
  const payload = (entry.payload ?? {}) as Record<string, unknown>;
  delete entry.payload;
  entry.mutationId = null;
  // The v3 release sent every entry over REST with its key as the Idempotency-Key.
  entry.idempotencyKey = String(entry.key);
  entry.failingSince = null;
  entry.lastErrorCode = null;
  if (entry.state === 'sending') entry.state = 'queued';
  if (entry.kind === 'status-update') {
    entry.args = { listingId: payload.listingId, status: payload.status };
    entry.local = {};
  } else if (entry.kind === 'book') {
    entry.args = payload;
    entry.local = { costPerKg: 0 };
  } else if (entry.kind === 'courier') {
    const legacy = payload as LegacyCourierPayload;
    const url = legacy.itemImageUrl ?? null;
    entry.args = { ...COURIER_HIDDEN_DEFAULTS, ...legacy.form, itemImageUrl: url ?? '' };
    const photoId = `legacy-${String(entry.key)}`;
    entry.local = { photo: legacy.image ? photoId : null };
    if (legacy.image) {
      const size = legacy.image.bytes.byteLength;
      addPhoto({
        id: photoId,
        user: String(entry.user),
        ...legacy.image,
        originalSize: size,
        size,
        sent: url ? size : 0,
        url,
        refused: false,
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        createdAt: Number(entry.createdAt) || 0,
      });
    }
  } else {
    entry.args = payload;
    entry.local = {};
  }
}
