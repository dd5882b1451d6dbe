// A password reset request, done by the notifier rather than in the request: the request only
// queues the address (the same work for every address, so neither the answer nor its timing
// tells whether an account exists). Here, for an account, the link is made (32 random bytes,
// only their sha256 kept, 30 minutes) and its mail queued. An older link keeps working for its
// 30 minutes: someone else asking for a link must not kill the one the user is opening. The
// requests' limits (notify.password.handlers.ts) bound how many are live at once. The mail is
// written in the account's language (users.locale; none: English).
import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '@/domain/auth/password-reset';
import { hashToken } from '../auth/sessions';
import type { Db } from '../db/client';
import { outboundMessages, passwordResets, users } from '../db/schema';
import { ACCOUNT, enqueue, type QueuedMessage } from './queue';
import { localeOf, say } from './texts';

/**
 * Turns the queued request `row` into its mail: the request's row is taken in the same
 * transaction (made once, even if two senders hold it), and the mail keeps its place in the queue.
 */
export async function queueResetMail(
  db: Db,
  appUrl: string,
  row: QueuedMessage,
  email: string,
  nowMs: number,
) {
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(outboundMessages)
      .where(eq(outboundMessages.id, row.id))
      .returning({ id: outboundMessages.id });
    if (!taken) return;
    const [user] = await tx
      .select({ id: users.id, locale: users.locale })
      .from(users)
      .where(eq(users.email, email));
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    // Expired links go; live ones stay (using any of them deletes them all).
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), lte(passwordResets.expiresAt, new Date(nowMs))));
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: new Date(nowMs),
      expiresAt: new Date(nowMs + RESET_TOKEN_TTL_MS),
    });
    const link = `${appUrl}/reset-password?token=${token}`;
    const locale = localeOf(user.locale);
    await enqueue(
      tx,
      [
        {
          channel: 'email',
          to: email,
          subject: say(locale, 'mail.reset.subject'),
          text: say(locale, 'mail.reset.body', { link }),
        },
      ],
      nowMs,
      { recipient: row.recipient, priority: ACCOUNT, depth: row.depth },
    );
  });
}
