// Why a booking or listing changed, in the user's language: the domain's reason codes
// (src/domain/booking/reasons.ts) named by the search catalogue, for the reason dialog and the
// status history of both sides.
import type { AreaKeys, Translate } from '@/client/i18n/i18n';
import type { Reason, ReasonCode } from '@/domain/booking/reasons';

export const REASON_LABEL: Record<ReasonCode, AreaKeys['search']> = {
  'plans-changed': 'search.reason.plans-changed',
  'found-another': 'search.reason.found-another',
  'price-or-terms': 'search.reason.price-or-terms',
  'flight-changed': 'search.reason.flight-changed',
  'no-space': 'search.reason.no-space',
  'cannot-carry': 'search.reason.cannot-carry',
  'no-answer': 'search.reason.no-answer',
  withdrawn: 'search.reason.withdrawn',
  other: 'search.reason.other',
};

/** The reason as a person reads it: its label, then the words given ("Another reason: ..."). */
export function reasonText(reason: Reason, t: Translate<AreaKeys['search']>): string {
  const label = t(REASON_LABEL[reason.code]);
  return reason.text ? `${label}: ${reason.text}` : label;
}
