// Wiring of a user's own protection (issue 30): blocks (list, add, remove) and reports.
import { Hono } from 'hono';
import { blockRequestSchema, reportRequestSchema } from '@/domain/team/schema';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody } from '../../http/validate';
import { block, listBlocks, report, unblock } from './safety.handlers';

export function safetyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/api/blocks', signedIn, (c) => listBlocks(c, deps))
    .post('/api/blocks', signedIn, jsonBody(blockRequestSchema), (c) => block(c, deps))
    .delete('/api/blocks', signedIn, jsonBody(blockRequestSchema), (c) => unblock(c, deps))
    .post('/api/reports', signedIn, jsonBody(reportRequestSchema), (c) => report(c, deps));
}
