// The team's console and the user's own protection (issue 30): what a staff action, a report and a
// block carry. Device and server parse with these: a write action names its reason (the audit
// log's "why"); a report names one of REPORT_REASONS and may add words.
import * as v from 'valibot';
import { airportCodeSchema, dateSchema, emailSchema, optionalText, requiredText } from '../common';
import { LONG_TEXT_MAX_LENGTH } from '../constants';
import { MSG } from '../texts';
import { REPORT_REASON_KEYS } from './reasons';

export const TEAM_PAGE_SIZE = 50;
export const TEAM_PAGE_MAX = 100;
/** How long the console's search text may be. */
const QUERY_MAX_LENGTH = 100;

export { REPORT_REASONS, type ReportReason } from './reasons';

export const REPORT_STATUSES = ['open', 'dismissed', 'warned', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The "why" every staff write carries into the audit log. */
export const reasonSchema = requiredText('Say why: the reason goes into the audit log.', 500, {
  lines: true,
});

export const staffActionSchema = v.object({ reason: reasonSchema });
export type StaffAction = v.InferOutput<typeof staffActionSchema>;

export const queryReplySchema = v.object({
  reply: requiredText('Write the reply the user will receive.', LONG_TEXT_MAX_LENGTH, { lines: true }),
  reason: reasonSchema,
});

export const contactSearchersSchema = v.object({
  from: airportCodeSchema('From is required'),
  to: airportCodeSchema('To is required'),
  departure: dateSchema('Departure is required'),
  message: requiredText('Write the message the searchers will receive.', LONG_TEXT_MAX_LENGTH, {
    lines: true,
  }),
  reason: reasonSchema,
});

export const proposeListingSchema = v.object({
  listingId: requiredText('Choose a listing to propose.', 100),
  reason: reasonSchema,
});

/** A console list's query string: `q` searches, `cursor` is the last page's `next`. */
export const teamPageQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(QUERY_MAX_LENGTH)), ''),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  status: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be a number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(TEAM_PAGE_MAX),
    ),
    String(TEAM_PAGE_SIZE),
  ),
});
export type TeamPageQuery = v.InferOutput<typeof teamPageQuerySchema>;

const reportFields = {
  reason: v.picklist(REPORT_REASON_KEYS, 'Choose a reason.'),
  details: optionalText(LONG_TEXT_MAX_LENGTH, { lines: true }),
};

/** A report of a message, of a booking's other side, or of a user by e-mail. */
export const reportRequestSchema = v.variant('kind', [
  v.object({
    kind: v.literal('message'),
    messageId: requiredText('Message is required', 100),
    ...reportFields,
  }),
  v.object({
    kind: v.literal('booking'),
    bookingId: requiredText('Booking is required', 100),
    ...reportFields,
  }),
  v.object({
    kind: v.literal('user'),
    email: emailSchema(MSG.emailRequired, MSG.emailInvalidAddress),
    ...reportFields,
  }),
]);
export type ReportRequest = v.InferOutput<typeof reportRequestSchema>;

export const blockRequestSchema = v.object({
  email: emailSchema(MSG.emailRequired, MSG.emailInvalidAddress),
});
export type BlockRequest = v.InferOutput<typeof blockRequestSchema>;

/** GET /api/blocks: the people the signed-in user blocked, newest first. */
export const blockListSchema = v.object({
  blocks: v.array(v.object({ email: v.string(), name: v.string(), createdAt: v.number() })),
});
export type BlockedPerson = v.InferOutput<typeof blockListSchema>['blocks'][number];
