// The counts in the nav: unread messages beside My Bookings (threads where I am the traveller) and
// Order History (threads where I carry), and beside Order History the requests I have to answer.

import { useUnreadCounts } from '@/client/hooks/use-messages';
import { useRequestsToAnswer } from '@/client/hooks/use-requests';
import { RequestsBadge } from '@/client/ui/requests-badge';
import { UnreadBadge } from '@/client/ui/unread-badge';
import type { NavItem } from './nav-items';

export function NavUnread({ to }: { to: NavItem['to'] }) {
  const counts = useUnreadCounts();
  const requests = useRequestsToAnswer();
  const count = to === '/mybookings' ? counts.traveller : to === '/carrier/orders' ? counts.carrier : 0;
  return (
    <>
      {to === '/carrier/orders' ? <RequestsBadge count={requests} className="ml-1.5" /> : null}
      <UnreadBadge count={count} className="ml-1.5" />
    </>
  );
}

/** What waits behind the nav's links, in all (the small-screen menu button shows it). */
export function useNavUnread(items: readonly NavItem[]): { unread: number; requests: number } {
  const counts = useUnreadCounts();
  const requests = useRequestsToAnswer();
  let unread = 0;
  let toAnswer = 0;
  for (const item of items) {
    if (item.to === '/mybookings') unread += counts.traveller;
    if (item.to === '/carrier/orders') {
      unread += counts.carrier;
      toAnswer += requests;
    }
  }
  return { unread, requests: toAnswer };
}
