// The domain's texts in the active language, by their key: a validation message of
// src/domain/texts.ts (the schemas speak English), a refusal by its code (what a failed change's
// row keeps, `syncError`; a row failed under an older release keeps the refusal's English
// message, read back to its code here). Any other text comes back unchanged: one not moved into
// the catalogue yet (docs/i18n.md).
import { ITEM_CATEGORIES } from '@/domain/courier/categories';
import { courierTextKeyOf } from '@/domain/courier/texts';
import { ERRORS, type ErrorCode } from '@/domain/errors';
import { type MsgKey, msgKeyOf } from '@/domain/texts';
import { t as activeT, type MessageKey, type Translate } from './i18n';

// Two codes may share a message ('sync/upgrade-required', 'sync/old-release'): either entry reads the same.
const ERROR_CODES = new Map<string, ErrorCode>(
  Object.entries(ERRORS).map(([code, e]) => [e.message, code as ErrorCode]),
);

/** The catalogue's id of a refusal code (a compile error if the catalogue lacks one). */
export function refusalKey(code: ErrorCode | 'server/internal'): MessageKey {
  return `error.${code}` satisfies MessageKey;
}

/** A validation message of src/domain/texts.ts by its key. */
export function validationKeyText(key: MsgKey, t: Translate = activeT): string {
  return t(`validation.${key}` satisfies MessageKey);
}

/** The fields the schemas name in "{Field} is required" and 'Please fill out the "{Field}" field.' */
const FIELDS: Record<string, MessageKey> = {
  Weight: 'field.weight',
  Cost: 'field.cost',
  From: 'field.from',
  To: 'field.to',
  Departure: 'field.departure',
  'Departure Date': 'field.departureDate',
  Time: 'field.time',
  Airline: 'field.airline',
  'Flight No': 'field.flightNo',
  'Flight Number': 'field.flightNo',
  Listing: 'field.listing',
  Booking: 'field.booking',
  'Message id': 'field.messageId',
  'Earliest date': 'field.earliestDate',
  'Latest date': 'field.latestDate',
  'Declared value': 'field.declaredValue',
  'Recipient name': 'field.recipientName',
};
/** The rule that forbids an item category, by its words: the category it forbids. */
const FORBIDDEN_BY = new Map(
  ITEM_CATEGORIES.flatMap((c) => (c.forbiddenBy ? [[c.forbiddenBy, c.value] as const] : [])),
);
const REQUIRED = /^(.+) is required$/;
const FILL_OUT = /^Please fill out the "(.+)" field\.$/;

/**
 * A validation message of the domain's schemas in the active language: one of src/domain/texts.ts
 * (`validation.<key>`), of the courier request's rules (`validation.courier.<key>`), the rule that
 * forbids an item category (`validation.forbidden.<category>`), or a field's
 * "{Field} is required" / 'Please fill out the "{Field}" field.'. Any other text comes back as is.
 */
export function validationText(message: string, t: Translate = activeT): string {
  const key = msgKeyOf(message);
  if (key) return validationKeyText(key, t);
  const courier = courierTextKeyOf(message);
  if (courier) return t(`validation.courier.${courier}` satisfies MessageKey);
  const forbidden = FORBIDDEN_BY.get(message);
  if (forbidden) return t(`validation.forbidden.${forbidden}` as MessageKey);
  const required = REQUIRED.exec(message)?.[1];
  const requiredField = required ? FIELDS[required] : undefined;
  if (requiredField) return t('validation.fieldRequired', { field: t(requiredField) });
  const fillOut = FILL_OUT.exec(message)?.[1];
  const fillOutField = fillOut ? FIELDS[fillOut] : undefined;
  if (fillOutField) return t('validation.fillOut', { field: t(fillOutField) });
  return message;
}

function knownCode(code: string): code is ErrorCode | 'server/internal' {
  return code === 'server/internal' || Object.hasOwn(ERRORS, code);
}

/**
 * A failed change's reason in the active language: a refusal code (what a row's `syncError` and
 * the waiting list keep), or the English message a row refused under an older release kept.
 */
export function refusalMessageText(codeOrMessage: string, t: Translate = activeT): string {
  if (knownCode(codeOrMessage)) return t(refusalKey(codeOrMessage));
  const code = ERROR_CODES.get(codeOrMessage);
  if (code) return t(refusalKey(code));
  // A code this release does not know (a newer server's): the catalogue's general words.
  if (/^[a-z-]+\/[a-z-]+$/.test(codeOrMessage)) return t('error.unknown');
  return validationText(codeOrMessage, t);
}
