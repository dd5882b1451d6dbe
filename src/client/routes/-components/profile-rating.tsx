// The profile's rating: my average and count as others see it, and the latest comments about me.
import { Star } from 'lucide-react';
import { LOCALE } from '@/client/locale';
import { Card } from '@/client/ui/card';
import { RatingBadge } from '@/client/ui/rating-badge';
import { formatDayMonth } from '@/domain/format';
import type { ProfileResponse } from '@/domain/profile/schema';

type ProfileRatingData = NonNullable<ProfileResponse['rating']>;

const peopleText = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

export function ProfileRating({ rating }: { rating: ProfileRatingData }) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Your rating</h2>
        <RatingBadge summary={rating} label="Your rating" className="text-sm" />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {rating.count === 0
          ? 'Nobody has rated you yet. Ratings come after completed deliveries.'
          : `Average ${rating.average.toFixed(1)} of 5 from ${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'} by ${peopleText(rating.people ?? rating.count)}; repeat bookings with one person count once.`}
      </p>
      {rating.latest.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Latest comments</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {rating.latest.map((c) => (
              <li key={`${c.by}-${c.at}`} className="rounded-lg bg-slate-50 p-3 text-sm">
                <p className="flex items-center gap-1 font-medium text-slate-900">
                  {c.stars}
                  <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500" />
                  <span className="sr-only">{c.stars === 1 ? 'star' : 'stars'}</span>
                  <span className="text-slate-600">
                    · {c.by}, {formatDayMonth(new Date(c.at).toISOString().slice(0, 10), LOCALE)}
                  </span>
                </p>
                <p className="mt-1 text-slate-700">{c.comment}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
