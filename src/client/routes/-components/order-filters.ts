// Tab filters for My Bookings and Carrier Order History, and the newest-first order.
import type { OrderRow } from '@/data';

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
