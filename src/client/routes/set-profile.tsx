// /set-profile: the carrier's and traveller's route to the Profile screen.
import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from './-components/profile-screen';

export const Route = createFileRoute('/set-profile')({ component: ProfileScreen });
