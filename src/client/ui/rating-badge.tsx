// A user's rating as text: "★ 4.8 · 23 ratings", or "New" below three ratings. The words carry
// the meaning; the star only decorates.
import { Star } from 'lucide-react';
import { useT } from '@/client/i18n/i18n';
import { RATING_SHOWN_FROM_PEOPLE, type RatingSummary } from '@/domain/rating/schema';

interface RatingBadgeProps {
  summary: RatingSummary | undefined;
  /** Whose rating, for screen readers: 'Carrier rating', 'Traveller rating'. */
  label: string;
  className?: string;
}

export function RatingBadge({ summary, label, className = '' }: RatingBadgeProps) {
  const t = useT('people');
  // The words of formatRating (src/domain/rating/schema.ts), in the active language.
  const people = summary?.people ?? summary?.count ?? 0;
  const text =
    !summary || people < RATING_SHOWN_FROM_PEOPLE
      ? t('people.rating.new')
      : t('people.rating.badge', { average: summary.average.toFixed(1), count: summary.count, people });
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-200 ${className}`}
    >
      <Star aria-hidden="true" className="size-3.5 fill-amber-500 text-amber-500" />
      <span className="sr-only">{label}: </span>
      {text}
    </span>
  );
}
