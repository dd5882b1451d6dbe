// Every mutation kind's REST call, mounted here as its registry entry declares it
// (src/domain/sync/mutations.ts, `rest`): signed in first, so a call without a session is 401
// before its input is looked at, then the kind's mutation (kinds.handlers.ts).
import { Hono } from 'hono';
import { MUTATION_KINDS, type MutationKind, restCallOf } from '@/domain/sync/mutations';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { restMutation } from './kinds.handlers';

/** Kinds whose call their own folder wires: the message post is one database call (routes/messages). */
export const WIRED_ELSEWHERE: readonly MutationKind[] = ['message'];

export function kindRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  for (const kind of MUTATION_KINDS) {
    const rest = restCallOf(kind);
    if (!rest || WIRED_ELSEWHERE.includes(kind)) continue;
    app.on(rest.method, rest.path, signedIn, (c) => restMutation(c, deps, kind, rest));
  }
  return app;
}
