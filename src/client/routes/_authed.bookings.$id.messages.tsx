// A booking's messages (/bookings/<booking id>/messages): the conversation between its traveller
// and its carrier, from the local mirror (a deep link opens offline with everything the device
// has). The loader starts one pull (messages come with the bookings); the screen itself is in its
// own chunk (the router's automatic code splitting).
import { createFileRoute } from '@tanstack/react-router';
import { pullOnOpen } from '@/client/pull-on-open';
import { ThreadScreen } from './bookings/-components/thread-screen';

export const Route = createFileRoute('/_authed/bookings/$id/messages')({
  loader: ({ context }) => ({ pulled: pullOnOpen(context.store) }),
  shouldReload: ({ cause }) => cause !== 'stay',
  component: Thread,
});

function Thread() {
  const id = Route.useParams({ select: (p) => p.id });
  const pulled = Route.useLoaderData({ select: (d) => d.pulled });
  // A new booking, a new screen: no scroll position or draft leaks from one thread to the next.
  return <ThreadScreen key={id} bookingId={id} pulled={pulled} />;
}
