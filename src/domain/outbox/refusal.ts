// Whether sending a refused change again can succeed, by the refusal's code (never its words). A
// refusal about the state of the world that does not change by waiting (the listing is full,
// withdrawn or has left, the booking has moved on, the change is not the user's to make) is final:
// the device offers Discard, and for a booking the space still free, but not Retry. Anything else
// (a quota that frees up, a server that could not store it, a code this release does not know)
// may pass another time.
import type { ErrorCode } from '../errors';

const FINAL: ReadonlySet<string> = new Set<ErrorCode>([
  'listing/not-found',
  'listing/own',
  'listing/withdrawn',
  'listing/departed',
  'listing/no-space',
  'listing/closing',
  'listing/not-yours',
  'listing/below-booked',
  'listing/duplicate',
  'booking/not-found',
  'booking/expired',
  'booking/moved-on',
  'booking/cancel-too-late',
  'booking/transition-not-allowed',
  'booking/not-traveller',
  'booking/not-carrier',
  'courier/not-found',
  'courier/not-open',
  'auth/forbidden',
  'user/blocked',
  'thread/closed',
  'thread/forbidden',
  'outbox/unreadable',
]);

export function retryCanSucceed(code: string | null | undefined): boolean {
  return !code || !FINAL.has(code);
}

/** A booking refused for want of space: the listing may still have less free, to book instead. */
export function refusedForSpace(code: string | null | undefined): boolean {
  return code === ('listing/no-space' satisfies ErrorCode);
}
