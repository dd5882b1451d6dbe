// The profile's rating: my average and count as others see it, and the latest comments about me.
import { Star } from 'lucide-react';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Card } from '@/client/ui/card';
import { RatingBadge } from '@/client/ui/rating-badge';
import { formatDayMonth } from '@/domain/format';
import type { ProfileResponse } from '@/domain/profile/schema';

type ProfileRatingData = NonNullable<ProfileResponse['rating']>;

export function ProfileRating({ rating }: { rating: ProfileRatingData }) {
  const t = useT('people');
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('people.rating.yours')}</h2>
        <RatingBadge summary={rating} label={t('people.rating.yours')} className="text-sm" />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {rating.count === 0
          ? t('people.rating.none')
          : t('people.rating.summary', {
              average: rating.average.toFixed(1),
              count: rating.count,
              people: rating.people ?? rating.count,
            })}
      </p>
      {rating.latest.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">{t('people.rating.latest')}</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {rating.latest.map((c) => (
              <li key={`${c.by}-${c.at}`} className="rounded-lg bg-slate-50 p-3 text-sm">
                <p className="flex items-center gap-1 font-medium text-slate-900">
                  <span aria-hidden="true">{c.stars}</span>
                  <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500" />
                  <span className="sr-only">{t('people.rate.stars', { count: c.stars })}</span>
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
