// Wiring of GET /api/earnings: the signed-in user's completed bookings summed by month.
import { Hono } from 'hono';
import { earningsQuerySchema } from '@/domain/payment/schema';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { queryOf } from '../../http/validate';
import { earnings } from './earnings.handlers';

export function earningsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/api/earnings', signedIn, queryOf(earningsQuerySchema), (c) =>
    earnings(c, deps),
  );
}
