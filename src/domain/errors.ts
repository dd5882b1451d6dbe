// Expected failures as codes. One map turns a code into an HTTP status and a message; the
// server answers with it and the client shows the message.

export const ERRORS = {
  'request/invalid': { status: 400, message: 'Some fields are not valid.' },
  'request/malformed-json': { status: 400, message: 'The request body is not valid JSON.' },
  'request/too-large': { status: 413, message: 'The request is too large.' },
  'request/too-deep': { status: 400, message: 'The request body is nested too deeply.' },
  'request/not-json': {
    status: 415,
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  'request/rate-limited': { status: 429, message: 'Too many requests. Please try again later.' },
  'request/client-closed': { status: 499, message: 'The client closed the connection.' },
  'auth/required': { status: 401, message: 'Please log in to continue.' },
  'auth/bad-credentials': { status: 401, message: 'Invalid email or password.' },
  // Failures for the account or from this address, or logins from this address: the answer's
  // Retry-After says how long when the wait has a known end.
  'auth/rate-limited': {
    status: 429,
    message: 'Too many login attempts. Please wait a little and try again.',
  },
  'auth/signup-rate-limited': {
    status: 429,
    message: 'Too many accounts were created from this address. Please try again later.',
  },
  'auth/email-taken': { status: 409, message: 'An account with this email already exists.' },
  'auth/reset-link-invalid': {
    status: 400,
    message: 'This reset link is invalid or has expired. Please ask for a new one.',
  },
  'auth/reset-rate-limited': {
    status: 429,
    message: 'Too many reset requests. Please wait an hour and try again.',
  },
  'push/endpoint-not-allowed': { status: 400, message: 'This push service address is not allowed.' },
  // Another account's live subscription, posted without the keys its browser holds.
  'push/endpoint-taken': {
    status: 409,
    message: 'Notifications on this browser belong to another account. Log out there first.',
  },
  // Live update streams (GET /api/sync/poke), each answer with Retry-After: too many from one
  // address, or the server keeps its last connections for ordinary requests.
  'live/too-many-streams': {
    status: 429,
    message: 'Too many live update connections from this network. Please try again later.',
  },
  'live/busy': { status: 503, message: 'The server is busy. Please try again in a moment.' },
  'auth/forbidden': { status: 403, message: 'You can only access your own data.' },
  'auth/bad-origin': { status: 403, message: 'Requests from this origin are not allowed.' },
  'listing/not-found': { status: 404, message: 'That listing no longer exists.' },
  'listing/duplicate': { status: 409, message: 'You already have a listing for this flight on this date.' },
  'listing/own': { status: 409, message: 'You cannot book your own listing.' },
  'listing/departed': {
    status: 409,
    message: 'This flight has already departed, so it can no longer be booked.',
  },
  'listing/no-space': { status: 409, message: 'There is not enough space left on this listing.' },
  'listing/closing': {
    status: 409,
    message: 'This flight leaves in less than 2 hours, so it can no longer be booked.',
  },
  'listing/quota-reached': {
    status: 409,
    message: 'You already have 20 listings on flights still to come, the most one carrier can have at once.',
  },
  'booking/quota-reached': {
    status: 409,
    message:
      'You already have 10 bookings waiting for a carrier to answer. Wait for an answer (or for one to expire) before booking more.',
  },
  'booking/expired': {
    status: 409,
    message: 'This booking request expired: the carrier did not answer in time.',
  },
  'booking/not-found': { status: 404, message: 'That booking does not exist.' },
  'booking/not-carrier': {
    status: 403,
    message: 'Only the carrier of this listing can change its bookings.',
  },
  'booking/transition-not-allowed': {
    status: 409,
    message: 'This booking can no longer change to that status.',
  },
  'booking/not-traveller': {
    status: 403,
    message: 'Only the traveller who made this booking can cancel it.',
  },
  'booking/moved-on': {
    status: 409,
    message:
      'This booking has already ended (declined, cancelled, completed or expired), so there is nothing to cancel.',
  },
  'booking/cancel-too-late': {
    status: 409,
    message:
      'This booking is accepted and the flight leaves soon, so it can no longer be cancelled here. Ask the carrier to cancel it (use Messages).',
  },
  'listing/not-yours': { status: 403, message: 'Only the carrier who listed this flight can change it.' },
  'listing/withdrawn': { status: 409, message: 'The carrier withdrew this listing.' },
  'listing/below-booked': {
    status: 409,
    message: 'The weight cannot go below what travellers have already booked on this listing.',
  },
  // Snake_case on purpose: the hand-off API documents this exact code, and clients branch on it.
  handoff_code_mismatch: { status: 422, message: 'Hand-off code does not match' },
  'handoff/locked': {
    status: 429,
    message: 'Too many wrong hand-off codes. Completing this booking is locked for 15 minutes.',
  },
  'payment/not-carrier': {
    status: 403,
    message: 'Only the carrier of a booking can record its payment as received.',
  },
  'payment/not-traveller': { status: 403, message: 'Only the traveller of a booking can say they paid.' },
  'payment/not-payable': {
    status: 409,
    message: 'A payment can be recorded only on an accepted or completed booking.',
  },
  'payment/already-received': { status: 409, message: 'This payment is already recorded as received.' },
  'payment/no-claim': { status: 409, message: 'The traveller has not said they paid this booking.' },
  'rating/not-party': { status: 403, message: 'Only the two sides of a booking can rate it.' },
  'rating/not-completed': { status: 403, message: 'A booking can be rated once it is completed.' },
  'rating/edit-closed': { status: 409, message: 'A rating can be changed for 48 hours only.' },
  'watch/quota-reached': {
    status: 409,
    message: 'You already watch 5 routes, the most you can. Unwatch one to watch another.',
  },
  'watch/duplicate': { status: 409, message: 'You already watch this route and date.' },
  'watch/not-yours': { status: 403, message: 'That watch belongs to another account.' },
  // Same answer for a booking that does not exist and one of other people: nobody learns a thread exists.
  'thread/forbidden': {
    status: 403,
    message: 'Only the traveller and the carrier of a booking can read and write its messages.',
  },
  'thread/closed': {
    status: 409,
    message: 'This conversation closed 30 days after the booking ended. You can still read it.',
  },
  'message/rate-limited': {
    status: 429,
    message: 'You are sending messages too fast. Please wait a minute and try again.',
  },
  'message/id-reused': { status: 409, message: 'That message id was already used for another message.' },
  'message/own': { status: 409, message: 'You cannot report your own message.' },
  'file/too-large': { status: 413, message: 'The image must be 5 MB or smaller.' },
  'file/not-image': { status: 415, message: 'Only image files can be uploaded.' },
  'file/not-found': { status: 404, message: 'That file does not exist.' },
  'files/quota': {
    status: 429,
    message: 'You have uploaded too many images for now. Please try again later.',
  },
  'courier/image-not-uploaded': {
    status: 400,
    message: 'The item image must be one you uploaded. Please upload it again.',
  },
  'courier/not-found': { status: 404, message: 'That courier request does not exist.' },
  'courier/id-taken': { status: 409, message: 'That courier request id is already in use.' },
  'courier/not-open': {
    status: 409,
    message: 'This courier request is no longer open: it was booked, delivered or closed.',
  },
  'idempotency/conflict': { status: 409, message: 'This request is already being processed.' },
  'idempotency/key-reused': {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request.',
  },
  'sync/client-mismatch': {
    status: 403,
    message: 'This device queued these changes for another account.',
  },
  'sync/cross-site': {
    status: 403,
    message: 'Sync requests must come from the app itself, not from another site.',
  },
  'sync/busy': { status: 503, message: 'The server is busy. Your changes will be sent shortly.' },
  // A push past the account's (or device's) changes per minute: the device waits Retry-After and
  // sends them again; never a refusal of the changes themselves.
  'sync/rate-limited': {
    status: 429,
    message: 'Your changes are coming in very fast. They will be sent in a moment.',
  },
  'sync/upgrade-required': {
    status: 426,
    message: 'Carry was updated. Reload to update, and your changes will be sent.',
  },
  // A tab of the first release (sync protocol 1), still open after an update: its pull would drop
  // entries this release keeps and skip the messages it ignores. 503 with a long Retry-After is
  // what that code treats as "try later", so it changes nothing until the tab is reloaded.
  'sync/old-release': {
    status: 503,
    message: 'Carry was updated. Reload to update, and your changes will be sent.',
  },
  'sync/unprocessable': {
    status: 422,
    message: 'The server could not store this change. Please check it and try again.',
  },
  // On the device only: a write to its storage failed (the browser's quota is used up).
  'storage/full': {
    status: 507,
    message:
      "This device's storage is full: the change reached Carry but its answer could not be saved here. Free some space; it is tried again every few minutes.",
  },
  'outbox/unreadable': {
    status: 400,
    message: 'This change was saved by another version of Carry and cannot be sent. Discard it.',
  },
  'route/not-found': { status: 404, message: 'Not found.' },
  // The team's console (issue 30): staff only; each write names its reason.
  'team/forbidden': { status: 403, message: 'Only the Carry team can open the console.' },
  'team/not-found': { status: 404, message: 'That item is not in the console any more.' },
  'team/already-handled': { status: 409, message: 'Someone in the team has already handled this.' },
  'team/no-government-id': { status: 404, message: 'This courier request has no Government ID number.' },
  'auth/suspended': {
    status: 403,
    message:
      'Your account is suspended by the Carry team, so it cannot log in or send changes. Write to the support e-mail on the Contact Us page if you think this is a mistake.',
  },
  'user/not-found': { status: 404, message: 'There is no account with that e-mail address.' },
  'user/blocked': {
    status: 409,
    message: 'You cannot book or write to this person: one of you has blocked the other.',
  },
  'report/self': { status: 400, message: 'You cannot report yourself.' },
  'report/not-party': { status: 403, message: 'You can report only bookings and messages you are part of.' },
  'block/self': { status: 400, message: 'You cannot block yourself.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export type Result<T> = { ok: true; value: T } | { ok: false; code: ErrorCode };
