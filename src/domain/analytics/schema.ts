// Analytics events (SPEC.md section 7), batched to POST /api/events.
import * as v from 'valibot';
import { ANALYTICS_BATCH_MAX } from '../constants';

export const ANALYTICS_EVENTS = ['sign_up', 'page_view', 'listing_submitted', 'booking_confirmed'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const analyticsEventSchema = v.object({
  name: v.picklist(ANALYTICS_EVENTS),
  props: v.pipe(
    v.record(
      v.pipe(v.string(), v.maxLength(50)),
      v.union([v.pipe(v.string(), v.maxLength(500)), v.number(), v.boolean(), v.null()]),
    ),
    v.check((r) => Object.keys(r).length <= 20, 'Too many properties'),
  ),
  at: v.number(),
});
export type AnalyticsEvent = v.InferOutput<typeof analyticsEventSchema>;

export const analyticsBatchSchema = v.object({
  events: v.pipe(v.array(analyticsEventSchema), v.minLength(1), v.maxLength(ANALYTICS_BATCH_MAX)),
});
