// Completing a booking with its hand-off code: the mutation's arguments and the carrier's field.
// Accept, decline and cancel stay the plain status update and send no code.
import * as v from 'valibot';
import { present, requiredText } from '../common';
import { MSG, requiredMessage } from '../texts';
import { checkHandoffCode, HANDOFF_CODE_DIGITS, normalizeHandoffCode } from './code';

/**
 * The `complete` mutation (PUT /api/bookings/update-status with status 'completed'): the booking
 * and the code the traveller showed. The server's comparison is the authority; this only checks
 * the shape.
 */
export const completeArgsSchema = v.object({
  listingId: requiredText(requiredMessage('Booking')),
  status: present(v.literal('completed', 'Status must be completed')),
  handoffCode: present(
    v.pipe(
      v.string(MSG.handoffCodeRequired),
      v.transform(normalizeHandoffCode),
      v.nonEmpty(MSG.handoffCodeRequired),
      v.maxLength(HANDOFF_CODE_DIGITS, MSG.handoffCodeFormat),
      v.regex(/^\d{6}$/, MSG.handoffCodeFormat),
    ),
  ),
});
export type CompleteArgs = v.InferOutput<typeof completeArgsSchema>;

/** The carrier's code field: the local check, whose 'typo' verdict needs no signal. */
export const handoffCodeFieldSchema = v.pipe(
  v.string(),
  v.check((x) => checkHandoffCode(x) !== 'empty', MSG.handoffCodeRequired),
  v.check((x) => checkHandoffCode(x) !== 'format', MSG.handoffCodeFormat),
  v.check((x) => checkHandoffCode(x) !== 'typo', MSG.handoffCodeTypo),
  v.transform(normalizeHandoffCode),
);
