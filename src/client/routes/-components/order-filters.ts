// Tab filters for My Bookings and Carrier Order History, their place in the URL (?tab=, absent
// for the first tab), and the newest-first order.
import * as v from 'valibot';
import type { OrderRow } from '@/data';
import { openBookingSearchSchema } from '@/domain/notify/booking-link';

export const BOOKING_TABS = [
  { value: 'all', label: 'All Bookings' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
] as const;
export type BookingTab = (typeof BOOKING_TABS)[number]['value'];

export const ORDER_TABS = [
  { value: 'all', label: 'All Orders' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'expired', label: 'Expired' },
] as const;
export type OrderTab = (typeof ORDER_TABS)[number]['value'];

/** ?tab= of a list: one of `tabs`; anything else (a stale or mistyped link) is the first tab. */
const tabParam = <T extends string>(tabs: readonly { value: T }[]) =>
  v.fallback(v.optional(v.picklist(tabs.map((t) => t.value))), undefined);

/** validateSearch of My Bookings: the tab and a notification's ?booking=. */
export const bookingsSearchSchema = v.object({
  ...openBookingSearchSchema.entries,
  tab: tabParam(BOOKING_TABS),
});

/** validateSearch of Order History: the tab and a notification's ?booking=. */
export const ordersSearchSchema = v.object({
  ...openBookingSearchSchema.entries,
  tab: tabParam(ORDER_TABS),
});

/** The search that shows `tab`: the first tab ('all') leaves ?tab= out, so the plain URL is it. */
export function withTab<S extends { tab?: string | undefined }, T extends string>(search: S, tab: T) {
  return { ...search, tab: tab === 'all' ? undefined : tab };
}

/** Upcoming: departs today or later and is still pending or accepted. Others match the status. */
export function matchesTab(row: OrderRow, tab: BookingTab | OrderTab, today: string): boolean {
  if (tab === 'all') return true;
  const status = row.status.toLowerCase();
  if (tab === 'upcoming')
    return row.flightDetails.departure >= today && (status === 'pending' || status === 'accepted');
  return status === tab;
}

export function newestFirst(rows: readonly OrderRow[]): OrderRow[] {
  return [...rows].sort((a, b) => b.createdAt._seconds - a.createdAt._seconds);
}
