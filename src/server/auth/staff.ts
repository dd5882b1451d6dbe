// Who is staff (issue 30): an address in STAFF_EMAILS (read at start) or one the operator added
// with `npm run staff -- add` (table staff_members). There is no other way in: no route makes
// anyone staff. `staffOnly` guards every console route: 401 without a session, 403 team/forbidden
// for anyone else, and every answer (refusals included) is Cache-Control: private, no-store.
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { staffMembers } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { requireUser } from './guard';

export const NO_STORE = 'private, no-store';

export async function isStaff(db: Db | Tx, email: string, staffEmails: readonly string[]): Promise<boolean> {
  if (staffEmails.includes(email)) return true;
  const [row] = await db
    .select({ email: staffMembers.email })
    .from(staffMembers)
    .where(eq(staffMembers.email, email));
  return row !== undefined;
}

/** Adds an address to the staff (the operator's command); true when it was not staff already. */
export async function addStaff(db: Db, email: string, nowMs: number): Promise<boolean> {
  const added = await db
    .insert(staffMembers)
    .values({ email, addedAt: new Date(nowMs) })
    .onConflictDoNothing()
    .returning({ email: staffMembers.email });
  return added.length > 0;
}

export async function removeStaff(db: Db, email: string): Promise<boolean> {
  const removed = await db.delete(staffMembers).where(eq(staffMembers.email, email)).returning();
  return removed.length > 0;
}

export async function listStaff(db: Db): Promise<string[]> {
  const rows = await db.select({ email: staffMembers.email }).from(staffMembers).orderBy(staffMembers.email);
  return rows.map((r) => r.email);
}

interface StaffDeps {
  db: Db;
  config: Pick<AppConfig, 'staffEmails'>;
}

export function staffOnly(deps: StaffDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header('Cache-Control', NO_STORE);
    const user = requireUser(c);
    if (!(await isStaff(deps.db, user.email, deps.config.staffEmails))) throw new ApiError('team/forbidden');
    await next();
    c.res.headers.set('Cache-Control', NO_STORE);
  };
}
