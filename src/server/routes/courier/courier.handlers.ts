// A sender's courier request: the `courier` mutation (mutators/courier.ts). The image was
// uploaded first (/api/files/courier-images).
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { restMutation } from '../../mutators';

export function submit(c: Context<AppEnv>, deps: Deps) {
  return restMutation(c, deps, 'courier');
}
