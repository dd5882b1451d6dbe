// "Message": opens a booking's conversation, with its unread count. A booking still only on this
// device has no conversation yet.
import { Link } from '@tanstack/react-router';
import { MessageCircle } from 'lucide-react';
import { useT } from '@/client/i18n/i18n';
import { buttonClass } from '@/client/ui/button';
import { UnreadBadge } from '@/client/ui/unread-badge';

export function MessageLink({ bookingId, unread }: { bookingId: string; unread: number }) {
  const t = useT('people');
  if (bookingId.startsWith('local-')) return null;
  return (
    <Link
      to="/bookings/$id/messages"
      params={{ id: bookingId }}
      className={buttonClass('secondary', 'min-h-8 px-3')}
    >
      <MessageCircle aria-hidden="true" className="size-4" /> {t('people.link.message')}
      <UnreadBadge count={unread} />
    </Link>
  );
}
