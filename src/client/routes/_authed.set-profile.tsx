// /set-profile: the carrier's and traveller's route to the Profile screen.
import { createFileRoute } from '@tanstack/react-router';
import { pullOnOpen } from '@/client/pull-on-open';
import { ProfileScreen } from './-components/profile-screen';

export const Route = createFileRoute('/_authed/set-profile')({
  // A pull on every visit (not on a change of search): the rows show from the mirror meanwhile.
  loader: ({ context }) => ({ pulled: pullOnOpen(context.store) }),
  shouldReload: ({ cause }) => cause !== 'stay',
  component: Profile,
});

function Profile() {
  return <ProfileScreen pulled={Route.useLoaderData({ select: (d) => d.pulled })} />;
}
