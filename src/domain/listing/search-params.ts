// The listing search as the /travellerhome URL carries it (route, date, flight, airline, and the
// budget and weight filters), so back, forward, reload and a shared link restore it. Anything
// malformed in a URL is dropped rather than refused: the screen opens with what is left (a list
// of filters with one unknown id is dropped whole).
import * as v from 'valibot';
import { BUDGET_RANGES, WEIGHT_RANGES } from './filters';

// Few valibot pieces on purpose: route definitions load with the first screen.
const text = v.fallback(v.optional(v.string()), undefined);
const idsOf = (ranges: readonly { id: string }[]) =>
  v.fallback(v.optional(v.array(v.picklist(ranges.map((r) => r.id)))), undefined);

export const searchParamsSchema = v.object({
  from: text,
  to: text,
  departure: text,
  flightNo: text,
  airline: text,
  budgets: idsOf(BUDGET_RANGES),
  weights: idsOf(WEIGHT_RANGES),
});
export type SearchParams = v.InferOutput<typeof searchParamsSchema>;

/** The search form's five fields as text (the keys of SEARCH_FIELD_LABELS in ./schema, which is
 * not imported here: route definitions load with the first screen, and that module is large). */
export type SearchFields = Record<'from' | 'to' | 'departure' | 'flightNo' | 'airline', string>;

/** The five search fields from the URL, blanks for the missing ones. */
export function searchFieldsOf(params: SearchParams): SearchFields {
  return {
    from: params.from ?? '',
    to: params.to ?? '',
    departure: params.departure ?? '',
    flightNo: params.flightNo ?? '',
    airline: params.airline ?? '',
  };
}

/** Whether the URL names a whole search (from, to and date; the flight is optional), so its
 * results can be shown. */
export function isCompleteSearch(params: SearchParams): boolean {
  return Boolean(params.from && params.to && params.departure);
}
