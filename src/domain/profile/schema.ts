// GET /api/profile/{email}: the profile and the booking counts per role.
import * as v from 'valibot';
import { localeSchema } from '../locale';
import { profileRatingEntries } from '../rating/schema';

const countsSchema = v.object({ pending: v.number(), completed: v.number(), declined: v.number() });
export type BookingCounts = v.InferOutput<typeof countsSchema>;

export const profileResponseSchema = v.object({
  profile: v.object({
    name: v.string(),
    phone: v.string(),
    gender: v.string(),
    age: v.number(),
    /** Where travellers pay this user as a carrier (their own profile only); null: cash. */
    upiId: v.optional(v.nullable(v.string())),
    /** The account's language (set-locale; their own profile only); null: never chosen (English). */
    locale: v.optional(v.nullable(localeSchema)),
  }),
  bookings: v.object({ carrier: countsSchema, passenger: countsSchema, sender: countsSchema }),
  ...profileRatingEntries,
});
export type ProfileResponse = v.InferOutput<typeof profileResponseSchema>;
