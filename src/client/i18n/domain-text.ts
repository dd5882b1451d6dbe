// The domain's English texts in the active language, by their key: a validation message of
// src/domain/texts.ts (the schemas speak English) and a refusal's message of src/domain/errors.ts
// (what a failed change's row still keeps, `syncError`, until rows keep its code). Any other text
// comes back unchanged: one not moved into the catalogue yet (docs/i18n.md).
import { ERRORS, type ErrorCode } from '@/domain/errors';
import { MSG } from '@/domain/texts';
import { t as activeT, type MessageKey, type Translate } from './i18n';

type MsgKey = keyof typeof MSG;
const MSG_KEYS = new Map<string, MsgKey>(Object.entries(MSG).map(([k, v]) => [v, k as MsgKey]));
// Two codes may share a message ('sync/upgrade-required', 'sync/old-release'): either entry reads the same.
const ERROR_CODES = new Map<string, ErrorCode>(
  Object.entries(ERRORS).map(([code, e]) => [e.message, code as ErrorCode]),
);

/** The catalogue's id of a refusal code (a compile error if the catalogue lacks one). */
export function refusalKey(code: ErrorCode | 'server/internal'): MessageKey {
  return `error.${code}` satisfies MessageKey;
}

export function validationText(message: string, t: Translate = activeT): string {
  const key = MSG_KEYS.get(message);
  return key ? t(`validation.${key}` satisfies MessageKey) : message;
}

/** A refusal's English message (a failed row's `syncError`) in the active language. */
export function refusalMessageText(message: string, t: Translate = activeT): string {
  const code = ERROR_CODES.get(message);
  return code ? t(refusalKey(code)) : validationText(message, t);
}
