// The server side of the mutation registry: one mutator per kind of src/domain/sync/mutations.
// The mapped type makes a missing kind a compile error, and `runMutator` picks the mutator for
// a kind without a cast (the correlated-union pattern).
import type { Context } from 'hono';
import * as v from 'valibot';
import { MUTATION_ARGS, type MutationKind } from '@/domain/sync/mutations';
import { requireUser } from '../auth/guard';
import type { AppEnv, Deps } from '../deps';
import { readJson } from '../http/body';
import { invalid, toIssues } from '../http/errors';
import { idempotentWrite, type Reply } from '../http/idempotency';
import { referenceIndex } from '../routes/reference/reference.queries';
import { addListing } from './add-listing';
import { book } from './book';
import { complete } from './complete';
import { contact } from './contact';
import { courier } from './courier';
import type { MutationContext, ServerMutator } from './mutator';
import { rate } from './rate';
import { statusUpdate } from './status-update';

export type { MutationContext } from './mutator';

const MUTATORS: { [K in MutationKind]: ServerMutator<K> } = {
  'add-listing': addListing,
  book,
  'status-update': statusUpdate,
  contact,
  courier,
  complete,
  rate,
};

/** Validates `args` with the kind's schema (400 with issues) and applies the kind's effect. */
export function runMutator<K extends MutationKind>(
  ctx: MutationContext,
  kind: K,
  args: unknown,
): Promise<Reply> {
  const parsed = v.safeParse(MUTATION_ARGS[kind], args);
  if (!parsed.success) throw invalid(toIssues(parsed.issues));
  const mutator: ServerMutator<K> = MUTATORS[kind];
  return mutator(ctx, parsed.output);
}

/**
 * A REST write (the spec's calls for API users): the signed-in user's JSON body applied by the
 * kind's mutator inside the Idempotency-Key transaction, exactly as a pushed mutation would be.
 */
export async function restMutation(c: Context<AppEnv>, deps: Deps, kind: MutationKind): Promise<Response> {
  const user = requireUser(c);
  const args = await readJson(c);
  const ref = await referenceIndex(deps.db);
  return idempotentWrite(c, deps, user.id, (tx) => runMutator({ tx, user, deps, ref }, kind, args));
}
