// A booking event's (or a thread's new message's) fan-out, done by the notifier after the booking's commit (never in the
// request that booked): the user's devices, newest first and at most PUSH_SUBSCRIPTIONS_PER_USER,
// whose session is still live, each get a push row; with none, the user gets the e-mail, unless
// they turned booking e-mails off. The rows keep the event's place in the queue, and the event's
// row is taken in the same transaction, so an event fans out once even if two senders hold it.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notificationSettings, outboundMessages, pushSubscriptions, sessions, users } from '../db/schema';
import { bookingMail } from './booking-mail';
import { enqueue, type OutboundMessage, type PushNotification, type QueuedMessage } from './queue';
import { localeOf, write } from './texts';

/** Whom the row tells, and what. */
export interface News {
  userId: string;
  notification: PushNotification;
}

export async function fanOut(
  db: Db,
  row: QueuedMessage,
  { userId, notification }: News,
  options: { appUrl: string; maxDevices: number; nowMs: number },
): Promise<void> {
  const place = { recipient: row.recipient, priority: row.priority, depth: row.depth };
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(outboundMessages)
      .where(eq(outboundMessages.id, row.id))
      .returning({ id: outboundMessages.id });
    if (!taken) return;
    const [user] = await tx
      .select({
        email: users.email,
        locale: users.locale,
        bookingEmails: notificationSettings.bookingEmails,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(eq(users.id, userId));
    const locale = localeOf(user?.locale);
    const said = written(notification, locale);
    // An expired session's device is not one: its subscription goes with the session.
    const devices = await tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .innerJoin(sessions, eq(sessions.tokenHash, pushSubscriptions.sessionHash))
      .where(and(eq(pushSubscriptions.userId, userId), gt(sessions.expiresAt, new Date(options.nowMs))))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
      .limit(options.maxDevices);
    if (devices.length) {
      const { detail: _mailOnly, ...shown } = said;
      const pushes = devices.map(
        (d): OutboundMessage => ({ channel: 'push', endpoint: d.endpoint, notification: shown }),
      );
      await enqueue(tx, pushes, options.nowMs, place);
      return;
    }
    if (user && user.bookingEmails !== false)
      await enqueue(tx, [bookingMail(said, user.email, options.appUrl, locale)], options.nowMs, place);
  });
}

/**
 * The notification in the recipient's language, without what said it (`text`). The mail's
 * detail keeps its other lines (price, payment record: English still, docs/i18n.md); the other
 * side's words get the language's lead-in.
 */
function written(notification: PushNotification, locale: ReturnType<typeof localeOf>): PushNotification {
  const { text, ...rest } = notification;
  if (!text) return rest;
  const { detail: english, ...shown } = rest;
  const said = write(text, locale);
  const others = (english ?? '').split('\n').filter((line) => line && !line.startsWith('In their words: '));
  const detail = [said.detail, ...others].filter(Boolean).join('\n');
  return { ...shown, title: said.title, body: said.body, ...(detail ? { detail } : {}) };
}
