// Pushes and mails in the recipient's language: the server's catalogues (messages/server/<locale>.json,
// the client's format: ICU strings, one file per language) compiled once at start. A queued
// notification keeps what to say (`text`: a message id and its parameters), and the fan-out
// writes it in the recipient's language when it sends (docs/i18n.md).
import { createRequire } from 'node:module';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { ReasonCode } from '@/domain/booking/reasons';
import { LOCALES, type Locale } from '@/domain/locale';
import type en from '../../../messages/server/en.json';

/** Every id of the server's catalogue. */
export type ServerMessageKey = keyof typeof en;

type Catalogue = Record<string, { translation: string }>;
const require = createRequire(import.meta.url);

function compile(catalogue: Catalogue): Messages {
  return Object.fromEntries(Object.entries(catalogue).map(([id, e]) => [id, compileMessage(e.translation)]));
}

const english = require('../../../messages/server/en.json') as Catalogue;
const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => {
    const own = locale === 'en' ? english : (require(`../../../messages/server/${locale}.json`) as Catalogue);
    // A message missing in a language reads in English.
    const messages = { ...compile(english), ...compile(own) };
    return [locale, setupI18n({ locale, messages: { [locale]: messages } })];
  }),
);

/** The account's language as stored (null or unknown: English). */
export function localeOf(stored: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : 'en';
}

export function say(locale: Locale, key: ServerMessageKey, values?: Record<string, string>): string {
  const i18n = instances.get(locale) ?? instances.get('en');
  return i18n ? i18n._(key, values) : key;
}

/** What a queued notification says, before it knows in which language (queue.ts PushNotification). */
export interface NoticeText {
  /** 'notify.book.booked': its title and body are `<key>.title`, `<key>.body`. */
  key: string;
  /** The booking's size ('4 KG'), for `{size}`. */
  size?: string;
  /** The reason chosen, for `{reason}`. */
  reason?: ReasonCode;
  /** The reason's own words (mail only). */
  words?: string;
  /** Further parameters of the title, body and detail (`{amount}`, `{flight}`...), already formatted. */
  values?: Record<string, string>;
  /** The mail also says `<key>.detail`, with the same parameters (never pushed). */
  detail?: boolean;
}

export interface Written {
  title: string;
  body: string;
  detail?: string;
}

/** A notice in `locale`. */
export function write(text: NoticeText, locale: Locale): Written {
  const values: Record<string, string> = { ...text.values };
  if (text.size) values.size = text.size;
  if (text.reason) values.reason = say(locale, `reason.${text.reason}` as ServerMessageKey);
  const details = [
    ...(text.words ? [say(locale, 'mail.detail', { text: text.words })] : []),
    ...(text.detail ? [say(locale, `${text.key}.detail` as ServerMessageKey, values)] : []),
  ];
  return {
    title: say(locale, `${text.key}.title` as ServerMessageKey, values),
    body: say(locale, `${text.key}.body` as ServerMessageKey, values),
    ...(details.length ? { detail: details.join('\n') } : {}),
  };
}
