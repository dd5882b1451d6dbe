// courier-withdraw: the sender closes their own open request (submitted or matched). Withdrawing
// one already closed answers it as it is (the outcome asked for); a booked or delivered one is
// 409 courier/not-open (its booking is cancelled on the booking, not here).
import { WITHDRAWABLE } from '@/domain/courier/status';
import { ApiError } from '../http/errors';
import { courierRequestOf, courierRequestRow, moveCourierRequest } from '../model/courier.queries';
import type { ServerMutator } from './mutator';

export const courierWithdraw: ServerMutator<'courier-withdraw'> = async ({ tx, user, deps }, input) => {
  const row = await courierRequestRow(tx, input.id, true);
  if (!row || row.userId !== user.id) throw new ApiError('courier/not-found');
  const nowMs = deps.clock.now();
  if (row.status !== 'closed') {
    if (!WITHDRAWABLE.some((s) => s === row.status)) throw new ApiError('courier/not-open');
    await moveCourierRequest(tx, row.id, 'closed', 'Withdrawn by the sender', nowMs);
  }
  return { status: 200, body: { request: await courierRequestOf(tx, user.id, row.id, nowMs) } };
};
