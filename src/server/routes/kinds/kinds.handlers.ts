// A kind's REST call for API users: its arguments (the JSON body, read within the usual limits,
// with the path's parameters laid over it) applied by the kind's mutator inside the
// Idempotency-Key's transaction, exactly as a pushed mutation of the kind would be. The arguments
// are validated there, by runMutator with the kind's schema (400 with `issues`): a replayed key
// answers its stored reply even when its arguments would no longer pass (a departure now past).
import type { Context } from 'hono';
import type { MutationKind, RestCall } from '@/domain/sync/mutations';
import { requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { readJson } from '../../http/body';
import { idempotentWrite } from '../../http/idempotency';
import { referenceIndex } from '../../model/reference.queries';
import { runMutator } from '../../mutators';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body, with the path's parameters (named as arguments) over it; a body that is not an
 * object is left to the schema to refuse. */
export async function restArgs(c: Context<AppEnv>, rest: RestCall): Promise<unknown> {
  const params = c.req.param() as Record<string, string>;
  const body = rest.body === false ? {} : await readJson(c);
  if (Object.keys(params).length === 0) return body;
  return isRecord(body) ? { ...body, ...params } : body;
}

export async function restMutation(
  c: Context<AppEnv>,
  deps: Deps,
  kind: MutationKind,
  rest: RestCall,
): Promise<Response> {
  const user = requireUser(c);
  const args = await restArgs(c, rest);
  const ref = await referenceIndex(deps.db);
  return idempotentWrite(c, deps, user.id, (tx) => runMutator({ tx, user, deps, ref }, kind, args));
}
