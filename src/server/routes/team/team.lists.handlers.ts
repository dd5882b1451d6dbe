// The console's reads: each a page of at most `limit` rows and the cursor of the next (model/team.*).
import type { Context } from 'hono';
import type { teamPageQuerySchema } from '@/domain/team/schema';
import { requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { ApiError } from '../../http/errors';
import type { QueryContext } from '../../http/validate';
import { auditPage } from '../../model/audit.queries';
import { disputePage } from '../../model/team.disputes';
import {
  bookingPage,
  contactPage,
  courierPage,
  courierRequestById,
  courierTrip,
  reportPage,
  userPage,
} from '../../model/team.queries';
import { courierMatches, searchesPage } from '../../model/team.searches';

type PageContext = QueryContext<typeof teamPageQuerySchema>;

const today = (deps: Deps) => new Date(deps.clock.now()).toISOString().slice(0, 10);

export function me(c: Context<AppEnv>) {
  const user = requireUser(c);
  return c.json({ staff: true, email: user.email, name: user.name });
}

export const queries = async (c: PageContext, deps: Deps) =>
  c.json(await contactPage(deps.db, c.req.valid('query')));
export const reportList = async (c: PageContext, deps: Deps) =>
  c.json(await reportPage(deps.db, c.req.valid('query')));
export const userList = async (c: PageContext, deps: Deps) =>
  c.json(await userPage(deps.db, c.req.valid('query')));
export const bookingList = async (c: PageContext, deps: Deps) =>
  c.json(await bookingPage(deps.db, c.req.valid('query')));
export const courierList = async (c: PageContext, deps: Deps) =>
  c.json(await courierPage(deps.db, c.req.valid('query')));
export const disputeList = async (c: PageContext, deps: Deps) =>
  c.json(await disputePage(deps.db, c.req.valid('query')));
export const searches = async (c: PageContext, deps: Deps) =>
  c.json(await searchesPage(deps.db, c.req.valid('query'), today(deps)));

export async function audit(c: PageContext, deps: Deps) {
  const p = c.req.valid('query');
  return c.json(await auditPage(deps.db, p.q, p.cursor, p.limit));
}

export async function courierMatchList(c: Context<AppEnv>, deps: Deps) {
  const found = await courierRequestById(deps.db, c.req.param('id') ?? '');
  if (!found) throw new ApiError('team/not-found');
  const trip = courierTrip(found.request);
  return c.json({ trip, listings: await courierMatches(deps.db, trip, today(deps)) });
}
