// The signed-in user's own profile: details, booking counts per role, ratings.
import type { Context } from 'hono';
import { requireSelf, requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { profileOf } from '../../model/profile.queries';

export async function profile(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  requireSelf(user, c.req.param('email'));
  return c.json(await profileOf(deps.db, user.id));
}
