// courier: a sender's courier request. The image was uploaded first (/api/files/courier-images)
// and is named by its url; the request may name only the session's e-mail, known airports and an
// image the same user uploaded. The ID number is sealed before it is stored (model/courier.queries).
// The id is the device's (REST callers get one made here); the same id again from its sender
// answers the stored request, from anyone else 409.

import { ApiError, type Issue, invalid } from '../http/errors';
import { checkCourierRequest } from '../model/courier.checks';
import { courierRequestOf, courierRequestRow, insertCourierRequest } from '../model/courier.queries';
import type { ServerMutator } from './mutator';

export const courier: ServerMutator<'courier'> = async ({ tx, user, deps, ref }, input) => {
  // Only the session's own e-mail, and only an image this user uploaded.
  await checkCourierRequest(tx, user, input, deps.config.publicUrl);
  const unknown: Issue[] = [];
  if (!ref.timeZoneOf(input.from)) unknown.push({ path: 'from', message: 'Unknown airport' });
  if (!ref.timeZoneOf(input.to)) unknown.push({ path: 'to', message: 'Unknown airport' });
  if (unknown.length) throw invalid(unknown);
  const nowMs = deps.clock.now();
  const id = input.id ?? crypto.randomUUID();
  const stored = await insertCourierRequest(tx, {
    id,
    userId: user.id,
    input,
    key: deps.config.idKey,
    nowMs,
  });
  if (!stored) {
    const same = await courierRequestRow(tx, id);
    if (same?.userId !== user.id) throw new ApiError('courier/id-taken');
  }
  const request = await courierRequestOf(tx, user.id, id, nowMs);
  return {
    status: stored ? 201 : 200,
    body: { message: 'Courier request submitted', id, request },
  };
};
