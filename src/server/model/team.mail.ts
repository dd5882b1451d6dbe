// The mails the team's actions send (through the notifier's queue, after the action's commit):
// the reply to a contact query, a warning, the note to unmatched searchers, a listing proposed to
// a courier request, and the automatic news that a searched route now has a listing.

import { inArray } from 'drizzle-orm';
import type { Locale } from '@/domain/locale';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { enqueue, type OutboundMessage } from '../notify/queue';
import { localeOf, say } from '../notify/texts';

export interface Trip {
  from: string;
  to: string;
  departure: string;
}

export const searchLink = (appUrl: string, t: Trip) =>
  `${appUrl}/travellerhome?from=${t.from}&to=${t.to}&departure=${t.departure}`;

/** A mail in the recipient's language, signed by the team. */
const mail = (to: string, locale: Locale, subject: string, lines: string[]): OutboundMessage => ({
  channel: 'email',
  to,
  subject,
  text: [...lines, '', say(locale, 'mail.signature')].join('\n'),
});

/** The reply to a contact query; the team's reply and the question stay as they were written. */
export const replyMail = (to: string, question: string, reply: string, locale: Locale = 'en') =>
  mail(to, locale, say(locale, 'mail.reply.subject'), [
    reply,
    '',
    '---',
    say(locale, 'mail.reply.youWrote'),
    question,
  ]);

/** A warning after a report; the team's reason stays as written. */
export const warningMail = (to: string, reason: string, locale: Locale = 'en') =>
  mail(to, locale, say(locale, 'mail.warning.subject'), [
    say(locale, 'mail.warning.intro'),
    '',
    reason,
    '',
    say(locale, 'mail.warning.outro'),
  ]);

/** The suspension's news, in the account's language (users.locale; none: English). */
export const suspendedMail = (to: string, locale: Locale = 'en'): OutboundMessage =>
  mail(to, locale, say(locale, 'mail.suspended.subject'), [say(locale, 'mail.suspended.body')]);

const tripValues = (t: Trip) => ({ from: t.from, to: t.to, departure: t.departure });

/** The team's note to people whose search found nobody; its message stays as written. */
export const searchersMail = (
  to: string,
  trip: Trip,
  message: string,
  appUrl: string,
  locale: Locale = 'en',
) =>
  mail(to, locale, say(locale, 'mail.searchers.subject', tripValues(trip)), [
    message,
    '',
    say(locale, 'mail.searchAgain', { link: searchLink(appUrl, trip) }),
  ]);

export const matchFoundMail = (to: string, trip: Trip, appUrl: string, locale: Locale = 'en') =>
  mail(to, locale, say(locale, 'mail.matchFound.subject', tripValues(trip)), [
    say(locale, 'mail.matchFound.body'),
    '',
    say(locale, 'mail.matchFound.book', { link: searchLink(appUrl, trip) }),
  ]);

export const proposalMail = (
  to: string,
  trip: Trip & { flightNo: string; availableKg: number },
  appUrl: string,
  locale: Locale = 'en',
) =>
  mail(to, locale, say(locale, 'mail.proposal.subject', tripValues(trip)), [
    say(locale, 'mail.proposal.body', {
      ...tripValues(trip),
      flightNo: trip.flightNo,
      kg: String(trip.availableKg),
    }),
    '',
    say(locale, 'mail.proposal.book', { link: searchLink(appUrl, trip) }),
  ]);

/** Each address's account language (an address with no account, or none chosen: English). */
export async function localesOf(tx: Tx, emails: string[]): Promise<Map<string, Locale>> {
  const found = new Map<string, Locale>();
  if (!emails.length) return found;
  const rows = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(inArray(users.email, emails));
  for (const r of rows) found.set(r.email, localeOf(r.locale));
  return found;
}

export async function queueMails(tx: Tx, mails: OutboundMessage[], nowMs: number): Promise<void> {
  await enqueue(tx, mails, nowMs);
}
