// The unread-message count beside My Bookings (threads where I am the traveller) and Order
// History (threads where I carry) in the nav.
import { useUnreadCounts } from '@/client/hooks/use-messages';
import { UnreadBadge } from '@/client/ui/unread-badge';
import type { NavItem } from './nav-items';

export function NavUnread({ to }: { to: NavItem['to'] }) {
  const counts = useUnreadCounts();
  const count = to === '/mybookings' ? counts.traveller : to === '/carrier/orders' ? counts.carrier : 0;
  return <UnreadBadge count={count} className="ml-1.5" />;
}

/** Unread messages behind the nav's links, in all (the small-screen menu button shows it). */
export function useNavUnread(items: readonly NavItem[]): number {
  const counts = useUnreadCounts();
  let n = 0;
  for (const item of items) {
    if (item.to === '/mybookings') n += counts.traveller;
    if (item.to === '/carrier/orders') n += counts.carrier;
  }
  return n;
}
