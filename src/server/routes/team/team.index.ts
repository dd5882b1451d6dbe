// Wiring of the team's console (issue 30), every path under /api/team: staffOnly comes first, so
// anyone else is refused (401 without a session, 403 team/forbidden) before any input is read, and
// every answer is Cache-Control: private, no-store. Each write names its reason (400 without).
import { Hono } from 'hono';
import {
  contactSearchersSchema,
  proposeListingSchema,
  queryReplySchema,
  staffActionSchema,
  teamPageQuerySchema,
} from '@/domain/team/schema';
import { staffOnly } from '../../auth/staff';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody, queryOf } from '../../http/validate';
import {
  contactSearchers,
  handleReport,
  propose,
  replyToQuery,
  resolve,
  restoreUser,
  revealGovernmentId,
  suspendUser,
} from './team.actions.handlers';
import {
  audit,
  bookingList,
  courierList,
  courierMatchList,
  disputeList,
  me,
  queries,
  reportList,
  searches,
  userList,
} from './team.lists.handlers';

const page = queryOf(teamPageQuerySchema);
const reason = jsonBody(staffActionSchema);

export function teamRoutes(deps: Deps) {
  const staff = staffOnly(deps);
  return new Hono<AppEnv>()
    .use('/api/team/*', staff)
    .use('/api/team', staff)
    .get('/api/team/me', (c) => me(c))
    .get('/api/team/queries', page, (c) => queries(c, deps))
    .post('/api/team/queries/:id/reply', jsonBody(queryReplySchema), (c) => replyToQuery(c, deps))
    .get('/api/team/reports', page, (c) => reportList(c, deps))
    .post('/api/team/reports/:id/dismiss', reason, (c) => handleReport(c, deps, 'dismiss'))
    .post('/api/team/reports/:id/warn', reason, (c) => handleReport(c, deps, 'warn'))
    .post('/api/team/reports/:id/suspend', reason, (c) => handleReport(c, deps, 'suspend'))
    .get('/api/team/users', page, (c) => userList(c, deps))
    .post('/api/team/users/:id/suspend', reason, (c) => suspendUser(c, deps))
    .post('/api/team/users/:id/restore', reason, (c) => restoreUser(c, deps))
    .get('/api/team/bookings', page, (c) => bookingList(c, deps))
    .get('/api/team/searches', page, (c) => searches(c, deps))
    .post('/api/team/searches/contact', jsonBody(contactSearchersSchema), (c) => contactSearchers(c, deps))
    .get('/api/team/courier-requests', page, (c) => courierList(c, deps))
    .get('/api/team/courier-requests/:id/matches', (c) => courierMatchList(c, deps))
    .post('/api/team/courier-requests/:id/propose', jsonBody(proposeListingSchema), (c) => propose(c, deps))
    .post('/api/team/courier-requests/:id/reveal-id', reason, (c) => revealGovernmentId(c, deps))
    .get('/api/team/disputes', page, (c) => disputeList(c, deps))
    .post('/api/team/disputes/:id/resolve', reason, (c) => resolve(c, deps))
    .get('/api/team/audit', page, (c) => audit(c, deps));
}
