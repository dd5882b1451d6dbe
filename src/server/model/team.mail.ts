// The mails the team's actions send (through the notifier's queue, after the action's commit):
// the reply to a contact query, a warning, the note to unmatched searchers, a listing proposed to
// a courier request, and the automatic news that a searched route now has a listing.

import type { Locale } from '@/domain/locale';
import type { Tx } from '../db/client';
import { enqueue, type OutboundMessage } from '../notify/queue';
import { say } from '../notify/texts';

export interface Trip {
  from: string;
  to: string;
  departure: string;
}

export const searchLink = (appUrl: string, t: Trip) =>
  `${appUrl}/travellerhome?from=${t.from}&to=${t.to}&departure=${t.departure}`;

const mail = (to: string, subject: string, lines: string[]): OutboundMessage => ({
  channel: 'email',
  to,
  subject,
  text: [...lines, '', 'The Carry team'].join('\n'),
});

export const replyMail = (to: string, question: string, reply: string) =>
  mail(to, 'Re: your message to Carry', [reply, '', '---', 'You wrote:', question]);

export const warningMail = (to: string, reason: string) =>
  mail(to, 'A warning from the Carry team', [
    'Someone reported your account, and the Carry team looked at it.',
    '',
    reason,
    '',
    'Please keep to the rules of Carry: another report may suspend your account.',
  ]);

/** The suspension's news, in the account's language (users.locale; none: English). */
export const suspendedMail = (to: string, locale: Locale = 'en'): OutboundMessage => ({
  channel: 'email',
  to,
  subject: say(locale, 'mail.suspended.subject'),
  text: [say(locale, 'mail.suspended.body'), '', say(locale, 'mail.signature')].join('\n'),
});

export const searchersMail = (to: string, trip: Trip, message: string, appUrl: string) =>
  mail(to, `Your search ${trip.from} to ${trip.to} on ${trip.departure}`, [
    message,
    '',
    `Search again: ${searchLink(appUrl, trip)}`,
  ]);

export const matchFoundMail = (to: string, trip: Trip, appUrl: string) =>
  mail(to, `A carrier now flies ${trip.from} to ${trip.to} on ${trip.departure}`, [
    'You searched for this route and date and found nobody. A carrier has just listed space on it.',
    '',
    `See it and book: ${searchLink(appUrl, trip)}`,
  ]);

export const proposalMail = (
  to: string,
  trip: Trip & { flightNo: string; availableKg: number },
  appUrl: string,
) =>
  mail(to, `A carrier for your courier request: ${trip.from} to ${trip.to}`, [
    `The Carry team found a carrier for your courier request: flight ${trip.flightNo} from ${trip.from} to ${trip.to} on ${trip.departure}, with ${trip.availableKg} KG free.`,
    '',
    `Book it here: ${searchLink(appUrl, trip)}`,
  ]);

export async function queueMails(tx: Tx, mails: OutboundMessage[], nowMs: number): Promise<void> {
  await enqueue(tx, mails, nowMs);
}
