// Ratings after a completed booking: each side rates the other once (1 to 5 stars, an optional
// comment), may change it for 48 hours, and averages show as "4.8 · 23 ratings" or "New".
import * as v from 'valibot';
import { present, requiredText } from '../common';
import { MSG, requiredMessage } from '../messages';

export const RATING_STARS_MIN = 1;
export const RATING_STARS_MAX = 5;
export const RATING_COMMENT_MAX_CHARS = 500;
export const RATING_EDIT_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Below this many ratings a user shows as "New": two ratings say little. */
export const RATING_SHOWN_FROM_COUNT = 3;
/** Comments the profile shows. */
export const PROFILE_COMMENTS_SHOWN = 5;

const starsSchema = v.pipe(
  v.union([v.number(MSG.ratingStars), v.string(MSG.ratingStars)], MSG.ratingStars),
  v.transform(Number),
  v.number(MSG.ratingStars),
  v.integer(MSG.ratingStars),
  v.minValue(RATING_STARS_MIN, MSG.ratingStars),
  v.maxValue(RATING_STARS_MAX, MSG.ratingStars),
);

const commentSchema = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(RATING_COMMENT_MAX_CHARS, MSG.ratingCommentTooLong)),
  '',
);

/** POST /api/ratings. */
export const ratingRequestSchema = v.object({
  bookingId: requiredText(requiredMessage('Booking')),
  stars: present(starsSchema),
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
  comment: v.pipe(v.string(), v.trim(), v.maxLength(RATING_COMMENT_MAX_CHARS, MSG.ratingCommentTooLong)),
});

export const ratingSummarySchema = v.object({ average: v.number(), count: v.number() });
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

/** Sum and count -> average rounded to one decimal. */
export function summarize(total: number, count: number): RatingSummary {
  return { average: count ? Math.round((total / count) * 10) / 10 : 0, count };
}

/** "4.8 · 23 ratings", or "New" below three ratings. */
export function formatRating(summary: RatingSummary | undefined): string {
  if (!summary || summary.count < RATING_SHOWN_FROM_COUNT) return 'New';
  return `${summary.average.toFixed(1)} · ${summary.count} ratings`;
}

/** Whether my rating may still change at `now`. */
export function canEditRating(mine: MyRating | null | undefined, now: number): boolean {
  return !mine || now < mine.editableUntil;
}
