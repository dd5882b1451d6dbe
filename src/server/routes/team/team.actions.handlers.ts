// The console's writes: each runs in one transaction with its audit row (model/team.actions.ts),
// then wakes the notifier for the mail it queued.
import type { Context } from 'hono';
import type {
  contactSearchersSchema,
  proposeListingSchema,
  queryReplySchema,
  staffActionSchema,
} from '@/domain/team/schema';
import { requireUser } from '../../auth/guard';
import type { Tx } from '../../db/client';
import type { AppEnv, Deps } from '../../deps';
import type { JsonContext } from '../../http/validate';
import * as actions from '../../model/team.actions';
import { resolveDispute } from '../../model/team.disputes';

type Action<T> = (ctx: Parameters<typeof actions.replyToQuery>[0]) => Promise<T>;

async function act<T>(c: Context<AppEnv>, deps: Deps, reason: string, run: Action<T>): Promise<T> {
  const user = requireUser(c);
  const nowMs = deps.clock.now();
  const appUrl = deps.notifier.config.appUrl;
  const result = await deps.db.transaction((tx: Tx) =>
    run({ tx, staff: { id: user.id, email: user.email }, reason, nowMs, appUrl }),
  );
  deps.notifier.queued();
  return result;
}

const id = (c: Context<AppEnv>) => c.req.param('id') ?? '';

export async function replyToQuery(c: JsonContext<typeof queryReplySchema>, deps: Deps) {
  const { reply, reason } = c.req.valid('json');
  await act(c, deps, reason, (ctx) => actions.replyToQuery(ctx, id(c), reply));
  return c.json({ message: 'Reply sent; the query is closed.' });
}

export async function handleReport(
  c: JsonContext<typeof staffActionSchema>,
  deps: Deps,
  action: actions.ReportAction,
) {
  await act(c, deps, c.req.valid('json').reason, (ctx) => actions.handleReport(ctx, id(c), action));
  return c.json({ message: 'Report handled.' });
}

export async function suspendUser(c: JsonContext<typeof staffActionSchema>, deps: Deps) {
  await act(c, deps, c.req.valid('json').reason, (ctx) => actions.suspendUser(ctx, id(c)));
  return c.json({ message: 'User suspended.' });
}

export async function restoreUser(c: JsonContext<typeof staffActionSchema>, deps: Deps) {
  await act(c, deps, c.req.valid('json').reason, (ctx) => actions.restoreUser(ctx, id(c)));
  return c.json({ message: 'User restored.' });
}

export async function contactSearchers(c: JsonContext<typeof contactSearchersSchema>, deps: Deps) {
  const { message, reason, ...trip } = c.req.valid('json');
  const count = await act(c, deps, reason, (ctx) => actions.contactSearchers(ctx, trip, message));
  return c.json({ message: `Sent to ${count} ${count === 1 ? 'searcher' : 'searchers'}.`, count });
}

export async function propose(c: JsonContext<typeof proposeListingSchema>, deps: Deps) {
  const { listingId, reason } = c.req.valid('json');
  await act(c, deps, reason, (ctx) => actions.proposeListing(ctx, id(c), listingId));
  return c.json({ message: 'Listing proposed to the sender.' });
}

/** "Show full ID": the request's Government ID number, audited (who saw it, when, why). */
export async function revealGovernmentId(c: JsonContext<typeof staffActionSchema>, deps: Deps) {
  const key = deps.config.idKey;
  const shown = await act(c, deps, c.req.valid('json').reason, (ctx) =>
    actions.revealGovernmentId(ctx, id(c), key),
  );
  return c.json({
    message: 'Full ID shown. The audit log records that you saw it.',
    governmentIdType: shown.type,
    governmentIdNumber: shown.number,
  });
}

export async function resolve(c: JsonContext<typeof staffActionSchema>, deps: Deps) {
  await act(c, deps, c.req.valid('json').reason, (ctx) => resolveDispute(ctx, id(c)));
  return c.json({ message: 'Dispute marked resolved.' });
}
