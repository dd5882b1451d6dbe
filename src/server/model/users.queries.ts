// Accounts as signup and login read and write them (src/server/routes/auth).
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function userByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return existing !== undefined;
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<void> {
  await tx.insert(users).values(row);
}

/** Replaces the user's password hash, only if it is still `old` (nobody changed it meanwhile). */
export async function replacePasswordHash(db: Db, userId: string, old: string, fresh: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: fresh })
    .where(and(eq(users.id, userId), eq(users.passwordHash, old)));
}

export async function isSuspended(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)));
  return row !== undefined;
}

/** The user's UPI ID (where travellers pay them as a carrier), null for none. */
export async function upiIdOf(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ upiId: users.upiId }).from(users).where(eq(users.id, userId));
  return row?.upiId ?? null;
}
