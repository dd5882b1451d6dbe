// Business constants of SPEC.md section 9 and the limits both sides enforce, with units in their names.

export const PHONE_DIGITS = 10;
export const AGE_MIN = 1;
export const AGE_MAX = 120;
export const PASSWORD_MIN_LENGTH = 8;
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const TOAST_WIDTH_PX = 350;
/** Toasts start below the header (64 px) and its gap, never over the profile menu or the nav. */
export const TOAST_TOP_PX = 72;
export const REFERENCE_DATA_MAX_AGE_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 3;
export const LISTING_WEIGHT_MIN_KG = 1;
export const LISTING_WEIGHT_MAX_KG = 999;
export const LISTING_COST_MIN_INR = 0;
export const LISTING_COST_MAX_INR = 999_999;
export const BOOKING_WEIGHT_MIN_KG = 1;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/**
 * Bodies of the small routes (login, signup, password reset, push subscriptions, notification
 * settings): a few KB, refused before they are read further, so nobody makes the server parse
 * megabytes before a login.
 */
export const SMALL_JSON_BODY_MAX_BYTES = 8 * 1024;
/** Arrays and objects inside each other in any JSON body; checked before it is parsed. */
export const JSON_DEPTH_MAX = 32;
export const TEXT_MAX_LENGTH = 200;
export const LONG_TEXT_MAX_LENGTH = 2000;
export const ANALYTICS_BATCH_MAX = 100;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Listings one carrier may have on flights still to come (listing/quota-reached beyond). */
export const OPEN_LISTINGS_MAX = 20;
/** Bookings one traveller may have waiting for a carrier's answer (booking/quota-reached beyond). */
export const PENDING_BOOKINGS_MAX = 10;
/** Listings one search answers at most: the exact flight first, then the cheapest. */
export const SEARCH_PAGE_SIZE = 50;

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const ROLES = ['traveller', 'carrier', 'sender'] as const;
export type Role = (typeof ROLES)[number];

export const PAYMENT_MODES = ['UPI', 'Cash'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Local storage keys of SPEC.md section 3. */
export const STORAGE_KEYS = {
  token: 'token',
  email: 'email',
  name: 'name',
  phone: 'phone',
  userRole: 'userRole',
} as const;
