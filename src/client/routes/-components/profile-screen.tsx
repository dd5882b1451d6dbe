// The Profile screen (/profile for senders, /set-profile for others): the details card and the
// booking counts per role, with a decorative panel on the right 40% from md.
import { useProfile, useSession } from '@/client/hooks';
import { useT } from '@/client/i18n/i18n';
import type { Pulled } from '@/client/pull-on-open';
import { TravelArt } from '@/client/ui/travel-art';
import { BlockedPeople } from './blocked-people';
import { BookingEmails } from './booking-emails';
import { ProfileCard } from './profile-card';

function ProfileBody({ pulled }: { pulled: Pulled }) {
  const t = useT('people');
  const { row, loading, error } = useProfile(pulled);
  if (loading) {
    return (
      <p role="status" className="py-10 text-center text-slate-500">
        {t('people.profile.loading')}
      </p>
    );
  }
  if (error || !row) {
    return (
      <p role="alert" className="py-10 text-center font-medium text-red-700">
        {t('people.profile.failed')}
      </p>
    );
  }
  return <ProfileCard row={row} />;
}

/** `pulled`: the pull the route's loader started (pullOnOpen). */
export function ProfileScreen({ pulled }: { pulled: Pulled }) {
  const t = useT('people');
  const email = useSession()?.email;
  return (
    <div className="flex flex-1 md:grid md:grid-cols-[3fr_2fr]">
      <div className="w-full px-4 py-6 sm:px-8 sm:py-10">
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('people.profile.title')}
        </h1>
        {email ? (
          <>
            <ProfileBody pulled={pulled} />
            <BookingEmails />
            <BlockedPeople />
          </>
        ) : (
          <p role="alert" className="font-medium text-red-600">
            {t('validation.emailNotStored')}
          </p>
        )}
      </div>
      <div className="relative hidden md:block">
        <TravelArt className="absolute inset-0 size-full" />
      </div>
    </div>
  );
}
