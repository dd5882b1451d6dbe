// What the notification calls keep (src/server/routes/notify): a user's booking e-mail setting,
// their devices' push subscriptions, and the password reset links.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notificationSettings, passwordResets, pushSubscriptions, sessions, users } from '../db/schema';

/** Booking e-mails are on unless the user turned them off. */
export async function bookingEmailsOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ bookingEmails: notificationSettings.bookingEmails })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.bookingEmails ?? true;
}

export async function saveBookingEmails(db: Db, userId: string, bookingEmails: boolean, now: Date) {
  const set = { bookingEmails, updatedAt: now };
  await db
    .insert(notificationSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set });
}

export async function removeSubscription(db: Db, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

/** Whether a reset link of this token hash is live at `now`. */
export async function resetLinkLive(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const [live] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiresAt, now)));
  return live !== undefined;
}

/**
 * Takes the live link of this token hash and sets its user's password: their other links go, and
 * every session (their push subscriptions go by cascade). False when the link is not live (any more).
 */
export async function resetPasswordWith(db: Db, tokenHash: string, now: Date, passwordHash: string) {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!taken) return false;
    // Every device cookie made before is a stranger's again (src/server/auth/device.ts).
    await tx
      .update(users)
      .set({ passwordHash, deviceGeneration: sql`${users.deviceGeneration} + 1` })
      .where(eq(users.id, taken.userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, taken.userId));
    await tx.delete(sessions).where(eq(sessions.userId, taken.userId));
    return true;
  });
}
