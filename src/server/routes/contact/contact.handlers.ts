// A support message from the signed-in user: the `contact` mutation (mutators/contact.ts).
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { restMutation } from '../../mutators';

export function contact(c: Context<AppEnv>, deps: Deps) {
  return restMutation(c, deps, 'contact');
}
