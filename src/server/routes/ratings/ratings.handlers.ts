// A rating of a completed booking: the `rate` mutation for API users (mutators/rate.ts).
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { restMutation } from '../../mutators';

export function rate(c: Context<AppEnv>, deps: Deps) {
  return restMutation(c, deps, 'rate');
}
