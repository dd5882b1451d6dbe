// The part of edit-listing and withdraw-listing that is the same: the carrier's own listing,
// locked for this transaction (404 listing/not-found, 403 listing/not-yours), not withdrawn.
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { listings } from '../db/schema';
import { ApiError } from '../http/errors';

export async function lockOwnListing(tx: Tx, userId: string, listingId: string, allowWithdrawn = false) {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
  if (!listing) throw new ApiError('listing/not-found');
  if (listing.userId !== userId) throw new ApiError('listing/not-yours');
  if (listing.withdrawnAt && !allowWithdrawn) throw new ApiError('listing/withdrawn');
  return listing;
}
