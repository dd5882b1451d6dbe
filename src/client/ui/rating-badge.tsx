// A user's rating as text: "★ 4.8 · 23 ratings", or "New" below three ratings. The words carry
// the meaning; the star only decorates.
import { Star } from 'lucide-react';
import { type Translate, useT } from '@/client/i18n/i18n';
import { type RatingSummary, ratingParts } from '@/domain/rating/schema';

interface RatingBadgeProps {
  summary: RatingSummary | undefined;
  /** Whose rating, for screen readers: 'Carrier rating', 'Traveller rating'. */
  label: string;
  className?: string;
}

/** "4.8 · 23 ratings from 20 people", or "New", in the active language. */
export function ratingText(summary: RatingSummary | undefined, t: Translate): string {
  const parts = ratingParts(summary);
  return parts ? t('rating.summary', parts) : t('rating.new');
}

export function RatingBadge({ summary, label, className = '' }: RatingBadgeProps) {
  const t = useT();
  const text = ratingText(summary, t);
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
