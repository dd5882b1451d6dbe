// block, unblock and report (issue 30): a user's own protection, queued offline like every
// change and applied once. A block stops new bookings and messages between the two, either way;
// a report is kept for the team's console. Refusals: model/safety.queries.ts (400 block/self,
// report/self, 403 report/not-party, 404 user/not-found).
import { blockUser, createReport, unblockUser } from '../model/safety.queries';
import type { ServerMutator } from './mutator';

export const block: ServerMutator<'block'> = async ({ tx, user, deps }, input) => {
  await blockUser(tx, user.id, input, deps.clock.now());
  return { status: 201, body: { message: 'Blocked. You will not be booked by, or hear from, this person.' } };
};

export const unblock: ServerMutator<'unblock'> = async ({ tx, user }, input) => {
  await unblockUser(tx, user.id, input);
  return { status: 200, body: { message: 'Unblocked.' } };
};

export const report: ServerMutator<'report'> = async ({ tx, user, deps }, input) => {
  const id = await createReport(tx, user.id, input, deps.clock.now());
  return { status: 201, body: { message: 'Reported. Our team will review it.', id } };
};
