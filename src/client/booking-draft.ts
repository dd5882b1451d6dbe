// The listing the Confirm Booking screen is about: carried in router history state, with a copy
// in sessionStorage so a reload (or a new tab from the same session) still finds it.
import * as v from 'valibot';
import { type Listing, listingSchema } from '@/domain/listing/schema';

const KEY = 'carry.bookingDraft';

declare module '@tanstack/react-router' {
  interface HistoryState {
    listing?: Listing;
  }
}

export function saveBookingDraft(listing: Listing): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(listing));
  } catch {
    // Storage can be full or disabled; history state still carries the listing.
  }
}

/** The listing from history state when valid, else the sessionStorage copy, else null. */
export function loadBookingDraft(fromState: unknown): Listing | null {
  const direct = v.safeParse(listingSchema, fromState);
  if (direct.success) return direct.output;
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const stored = v.safeParse(listingSchema, JSON.parse(raw));
    return stored.success ? stored.output : null;
  } catch {
    return null;
  }
}

export function clearBookingDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
