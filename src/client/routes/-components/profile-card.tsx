// The loaded profile: details, and Pending / Completed / Declined counts for each role.
import { Mail, Phone, UserRound } from 'lucide-react';
import { useT } from '@/client/i18n/i18n';
import { Card } from '@/client/ui/card';
import type { ProfileRow } from '@/data';
import { GENDERS } from '@/domain/constants';
import type { BookingCounts } from '@/domain/profile/schema';
import { ProfileEarnings } from './profile-earnings';
import { ProfileRating } from './profile-rating';
import { ProfileUpi } from './profile-upi';

type Role = 'carrier' | 'traveller' | 'sender';

function CountTile({ of: role, counts }: { of: Role; counts: BookingCounts }) {
  const t = useT('people');
  const cells: [string, number, string][] = [
    [t('people.profile.pending'), counts.pending, 'text-amber-700'],
    [t('people.profile.completed'), counts.completed, 'text-emerald-700'],
    [t('people.profile.declined'), counts.declined, 'text-red-700'],
  ];
  return (
    <section
      aria-label={t(`people.profile.counts.${role}`)}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">{t(`people.profile.role.${role}`)}</h3>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {cells.map(([label, n, tone]) => (
          <div key={label} className="rounded-lg bg-slate-50 py-2">
            <dd className={`text-xl font-bold ${tone}`}>{n}</dd>
            <dt className="text-xs text-slate-500">{label}</dt>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ProfileCard({ row }: { row: ProfileRow }) {
  const t = useT('people');
  const { profile, bookings } = row;
  // A gender the app knows in words of the language; anything else as the server has it.
  const known = GENDERS.find((g) => g === profile.gender);
  const gender = known ? t(`people.profile.genderValue.${known}`) : profile.gender;
  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
        <span
          aria-hidden="true"
          className="grid size-16 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700"
        >
          <UserRound className="size-8" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-bold text-slate-900">{profile.name}</h2>
          <p className="mt-1 flex items-center gap-2 truncate text-sm text-slate-600">
            <Mail aria-hidden="true" className="size-4" /> {row.email}
          </p>
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Phone aria-hidden="true" className="size-4" /> {profile.phone}
          </p>
          <p className="mt-2 flex gap-4 text-sm text-slate-700">
            <span>{t('people.profile.gender', { gender })}</span>
            <span>{t('people.profile.age', { age: profile.age })}</span>
          </p>
        </div>
      </Card>
      {row.rating ? <ProfileRating rating={row.rating} /> : null}
      <ProfileUpi key={row.profile.upiId ?? ''} upiId={row.profile.upiId} />
      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('people.profile.yourBookings')}</h2>
        <div className="grid gap-3 lg:grid-cols-3">
          <CountTile of="carrier" counts={bookings.carrier} />
          <CountTile of="traveller" counts={bookings.passenger} />
          <CountTile of="sender" counts={bookings.sender} />
        </div>
      </div>
      <ProfileEarnings />
    </div>
  );
}
