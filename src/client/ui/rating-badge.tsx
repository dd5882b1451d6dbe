// A user's rating as text: "★ 4.8 · 23 ratings", or "New" below three ratings. The words carry
// the meaning; the star only decorates.
import { Star } from 'lucide-react';
import { formatRating, type RatingSummary } from '@/domain/rating/schema';

interface RatingBadgeProps {
  summary: RatingSummary | undefined;
  /** Whose rating, for screen readers: 'Carrier rating', 'Traveller rating'. */
  label: string;
  className?: string;
}

export function RatingBadge({ summary, label, className = '' }: RatingBadgeProps) {
  const text = formatRating(summary);
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
