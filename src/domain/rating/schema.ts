// Ratings after a completed booking: each side rates the other once (1 to 5 stars, an optional
// comment), may change it for 48 hours, and averages show as "4.8 · 23 ratings from 20 people"
// or "New". Repeat bookings between the same two people weigh once in the average: it counts
// each rater's latest rating (rating_totals on the server).
import * as v from 'valibot';
import { numberInput, optionalText, requiredText } from '../common';
import { MSG, requiredMessage } from '../texts';

export const RATING_STARS_MIN = 1;
export const RATING_STARS_MAX = 5;
export const RATING_COMMENT_MAX_CHARS = 500;
export const RATING_EDIT_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Below ratings from this many different people a user shows as "New": two people say little. */
export const RATING_SHOWN_FROM_PEOPLE = 3;
/** Comments the profile shows. */
export const PROFILE_COMMENTS_SHOWN = 5;

/** The input rules of every number (a JSON number or a plain decimal string), then 1 to 5 whole stars. */
const starsSchema = v.pipe(
  numberInput(MSG.ratingStars, MSG.ratingStars),
  v.integer(MSG.ratingStars),
  v.minValue(RATING_STARS_MIN, MSG.ratingStars),
  v.maxValue(RATING_STARS_MAX, MSG.ratingStars),
);

/** The shared text rules (no control characters or bidi overrides; invisible-only is empty). */
const commentSchema = optionalText(RATING_COMMENT_MAX_CHARS, {
  lines: true,
  tooLong: MSG.ratingCommentTooLong,
});

/** POST /api/ratings. */
export const ratingRequestSchema = v.object({
  bookingId: requiredText(requiredMessage('Booking')),
  stars: starsSchema,
  comment: commentSchema,
});
export type RatingRequest = v.InferOutput<typeof ratingRequestSchema>;

/** The rating form: no star chosen is 0. */
export const ratingFormSchema = v.object({
  stars: v.pipe(
    v.number(MSG.ratingStars),
    v.integer(MSG.ratingStars),
    v.minValue(RATING_STARS_MIN, MSG.ratingStars),
    v.maxValue(RATING_STARS_MAX, MSG.ratingStars),
  ),
  comment: commentSchema.wrapped,
});

/**
 * A user's average (over each rater's latest rating), how many ratings were given and how many
 * different people gave them. `people` is absent on rows mirrored before it was sent.
 */
export const ratingSummarySchema = v.object({
  average: v.number(),
  count: v.number(),
  people: v.optional(v.number()),
});
export type RatingSummary = v.InferOutput<typeof ratingSummarySchema>;

/** The caller's own rating of a booking, with the time after which it can no longer change. */
export const myRatingSchema = v.object({
  stars: v.number(),
  comment: v.string(),
  editableUntil: v.number(),
});
export type MyRating = v.InferOutput<typeof myRatingSchema>;

export const ratingAnswerSchema = v.object({
  rating: v.object({ bookingId: v.string(), ...myRatingSchema.entries }),
});

/** Rating fields of an order item: the other side's summary and my rating of this booking. */
export const orderRatingEntries = {
  /** The other side's average: the traveller's in carrier-orders, the carrier's in orders. */
  otherRating: v.optional(ratingSummarySchema),
  myRating: v.optional(v.nullable(myRatingSchema)),
};

/** Rating fields of a listing: its carrier's average. */
export const listingRatingEntries = { carrierRating: v.optional(ratingSummarySchema) };

export const receivedCommentSchema = v.object({
  stars: v.number(),
  comment: v.string(),
  by: v.string(),
  at: v.number(),
});
export type ReceivedComment = v.InferOutput<typeof receivedCommentSchema>;

/** The profile's rating: my average and the latest comments about me. */
export const profileRatingEntries = {
  rating: v.optional(v.object({ ...ratingSummarySchema.entries, latest: v.array(receivedCommentSchema) })),
};

/** The sum of each rater's latest stars, all ratings and the raters -> average to one decimal. */
export function summarize(total: number, count: number, people: number): RatingSummary {
  return { average: people ? Math.round((total / people) * 10) / 10 : 0, count, people };
}

/** A rating's numbers as shown ('4.8', 23 ratings, 20 people); null below ratings from three
 * different people (shown as "New"). The words are the caller's (a catalogue's). */
export function ratingParts(
  summary: RatingSummary | undefined,
): { average: string; count: number; people: number } | null {
  const people = summary?.people ?? summary?.count ?? 0;
  if (!summary || people < RATING_SHOWN_FROM_PEOPLE) return null;
  return { average: summary.average.toFixed(1), count: summary.count, people };
}

/** "4.8 · 23 ratings from 20 people", or "New" below ratings from three different people (English). */
export function formatRating(summary: RatingSummary | undefined): string {
  const parts = ratingParts(summary);
  if (!parts) return 'New';
  const ratings = `${parts.count} ${parts.count === 1 ? 'rating' : 'ratings'}`;
  return `${parts.average} · ${ratings} from ${parts.people} people`;
}

/** Whether my rating may still change at `now`. */
export function canEditRating(mine: MyRating | null | undefined, now: number): boolean {
  return !mine || now < mine.editableUntil;
}
