// Wiring of the sync protocol: POST /api/sync/push and GET /api/sync/pull.
import { Hono } from 'hono';
import { pullQuerySchema, pushRequestSchema } from '@/domain/sync/protocol';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody, queryOf } from '../../http/validate';
import { pull } from './sync.pull.handlers';
import { refuseForeignPulls } from './sync.pull-guard';
import { onePushPerAccount, push, pushBudgetGate } from './sync.push.handlers';

export function syncRoutes(deps: Deps) {
  const oneAtATime = onePushPerAccount();
  return new Hono<AppEnv>()
    .post('/api/sync/push', signedIn, pushBudgetGate(deps), oneAtATime, jsonBody(pushRequestSchema), (c) =>
      push(c, deps),
    )
    .get('/api/sync/pull', signedIn, refuseForeignPulls(deps.config), queryOf(pullQuerySchema), (c) =>
      pull(c, deps),
    );
}
