// What a user reads when something is refused: the server's `code` (and parameters) rendered by
// the catalogue in the active language, never the server's English `message`. Every code of
// ERRORS has an entry `error.<code>` in every language (tests/lint/i18n-catalogue.test.ts).
import { ApiError, isOffline } from '@/data/engine/errors';
import { ERRORS, type ErrorCode } from '@/domain/errors';
import { refusalKey, validationText } from './domain-text';
import { t as activeT, type Translate } from './i18n';

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** A refusal by its code, in the active language ('Something went wrong' for an unknown one). */
export function refusalText(code: string | undefined, t: Translate = activeT): string {
  if (isErrorCode(code)) return t(refusalKey(code));
  if (code === 'server/internal') return t(refusalKey(code));
  return t('error.unknown');
}

/** Any failure of a call as the user should read it: offline, a refusal by its code (a bad field:
 * its validation message, by its key), or unknown. */
export function failureText(err: unknown, t: Translate = activeT): string {
  if (isOffline(err)) return t('error.offline');
  if (err instanceof ApiError) {
    if (err.code === 'request/invalid') {
      const field = validationText(err.serverMessage, t);
      if (field !== err.serverMessage) return field;
    }
    return refusalText(err.code, t);
  }
  return t('error.unknown');
}

/** A refusal by its code, or `fallback` for a failure that is not one (offline, a bug). */
export function refusalOr(err: unknown, fallback: string, t: Translate = activeT): string {
  return err instanceof ApiError ? failureText(err, t) : fallback;
}
