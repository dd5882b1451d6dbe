// Wiring of the sync protocol: POST /api/sync/push and GET /api/sync/pull. A push takes its turn
// among the account's (503 sync/busy beyond those waiting), then passes the account's budget, both
// before its body is read; a device whose budget is known spent is refused before its mutations
// are checked (sync.push.handlers.ts).
import { Hono } from 'hono';
import { pullQuerySchema, pushRequestSchema } from '@/domain/sync/protocol';
import { signedIn } from '../../auth/guard';
import { SpentBudgets } from '../../auth/push-gate';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody, queryOf } from '../../http/validate';
import { pull } from './sync.pull.handlers';
import { refuseForeignPulls } from './sync.pull-guard';
import { onePushPerAccount, push, pushBudgetGate, refuseSpentClient } from './sync.push.handlers';

export function syncRoutes(deps: Deps) {
  const oneAtATime = onePushPerAccount();
  const spent = new SpentBudgets();
  return new Hono<AppEnv>()
    .post(
      '/api/sync/push',
      signedIn,
      oneAtATime,
      pushBudgetGate(deps, spent),
      jsonBody(pushRequestSchema, refuseSpentClient(deps, spent)),
      (c) => push(c, deps, spent),
    )
    .get('/api/sync/pull', signedIn, refuseForeignPulls(deps.config), queryOf(pullQuerySchema), (c) =>
      pull(c, deps),
    );
}
