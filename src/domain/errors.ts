// Expected failures as codes. One map turns a code into an HTTP status and a message; the
// server answers with it and the client shows the message.

export const ERRORS = {
  'request/invalid': { status: 400, message: 'Some fields are not valid.' },
  'request/malformed-json': { status: 400, message: 'The request body is not valid JSON.' },
  'request/too-large': { status: 413, message: 'The request is too large.' },
  'auth/required': { status: 401, message: 'Please log in to continue.' },
  'auth/bad-credentials': { status: 401, message: 'Invalid email or password.' },
  'auth/rate-limited': {
    status: 429,
    message: 'Too many failed login attempts. Please wait a few minutes and try again.',
  },
  'auth/email-taken': { status: 409, message: 'An account with this email already exists.' },
  'auth/forbidden': { status: 403, message: 'You can only access your own data.' },
  'auth/bad-origin': { status: 403, message: 'Requests from this origin are not allowed.' },
  'listing/not-found': { status: 404, message: 'That listing no longer exists.' },
  'listing/duplicate': { status: 409, message: 'You already have a listing for this flight on this date.' },
  'listing/own': { status: 409, message: 'You cannot book your own listing.' },
  'listing/no-space': { status: 409, message: 'There is not enough space left on this listing.' },
  'booking/not-found': { status: 404, message: 'That booking does not exist.' },
  'booking/not-carrier': {
    status: 403,
    message: 'Only the carrier of this listing can change its bookings.',
  },
  'booking/transition-not-allowed': {
    status: 409,
    message: 'This booking can no longer change to that status.',
  },
  'file/too-large': { status: 413, message: 'The image must be 5 MB or smaller.' },
  'file/not-image': { status: 415, message: 'Only image files can be uploaded.' },
  'file/not-found': { status: 404, message: 'That file does not exist.' },
  'idempotency/conflict': { status: 409, message: 'This request is already being processed.' },
  'route/not-found': { status: 404, message: 'Not found.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export type Result<T> = { ok: true; value: T } | { ok: false; code: ErrorCode };
