// Every user-facing validation and state message of SPEC.md sections 5 and 8, written once.
// Schemas, the server and the UI all take their wording from here (chat messages are
// src/domain/message, a different thing).

export const MSG = {
  // Signup, step 1
  nameRequired: 'Name is required',
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must be 10 digits',
  ageRequired: 'Age is required',
  ageInvalid: 'Invalid age',
  genderRequired: 'Gender is required',
  // Signup, step 2
  emailInvalidAddress: 'Invalid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordRule: 'Password must be 8+ chars, include uppercase, lowercase, number & special char',
  confirmRequired: 'Please confirm your password',
  passwordsMatch: 'Passwords must match',
  // Login
  emailInvalid: 'Invalid email',
  required: 'Required',
  // Search
  userInfoMissing: 'User information is missing. Please login again.',
  departureNotPast: 'Departure date cannot be earlier than today.',
  sameAirports: 'Destination must be different from origin.',
  // Contact
  fullNameRequired: 'Full name is required',
  nameLettersOnly: 'Name must not contain numbers or special characters',
  phoneRequiredShort: 'Phone is required',
  queryRequired: 'Please enter your query',
  // Add listing
  departureFuture: 'Departure date and time must be in the future.',
  weightMin: 'Weight must be at least 1 KG',
  weightMax: 'Weight must be at most 999 KG',
  costMin: 'Cost cannot be negative',
  costMax: 'Cost must be at most ₹9,99,999',
  timeFormat: 'Time must be in HH:MM format',
  dateFormat: 'Date must be in YYYY-MM-DD format',
  flightNoFormat: 'Flight number must be 2 to 8 letters and digits, like AI101',
  airlineCode: 'Choose an airline from the list, or leave it empty',
  // Courier
  imageRequired: 'Please upload an item image.',
  imageOnly: 'Only image files can be uploaded.',
  imageTooLarge: 'The image must be 5 MB or smaller.',
  mobileRequired: 'Mobile number is required',
  paymentModeInvalid: 'Payment mode must be UPI or Cash',
  // Profile
  emailNotStored: 'Email not found in local storage.',
  // Booking
  bookingTooHeavy: 'That is more than the space left on this flight',
  // Hand-off code and ratings
  handoffCodeRequired: 'Hand-off code is required',
  handoffCodeFormat: 'The hand-off code is 6 digits',
  handoffCodeTypo: 'That code has a typo. Check it with the traveller',
  deliveryConfirming: 'Delivery recorded, confirming',
  ratingStars: 'Choose 1 to 5 stars',
  ratingCommentTooLong: 'A comment can be at most 500 characters',
  // Messages
  messageRequired: 'Write a message',
  messageTooLong: 'A message can be at most 2,000 characters',
  // Payments (issue 31)
  upiIdInvalid: 'Enter a UPI ID like name@bank, or leave it empty to be paid in cash',
  upiRefRequired: 'Enter the UPI transaction reference',
  upiRefFormat: 'A UPI transaction reference is 6 to 35 letters and digits, like 412345678901',
  paymentMethodInvalid: 'Payment method must be UPI or Cash',
  paymentAnswerInvalid: 'Answer must be confirm or dispute',
  // Generic
  tooLong: 'This field is too long',
  textBadCharacters: 'This field contains control or text-direction characters that are not allowed',
  plainNumber: 'Enter a plain number, like 12 or 12.5',
} as const;

/** 'Please fill out the "{field}" field.', the search form's message for its first empty field. */
export function fillOutMessage(field: string): string {
  return `Please fill out the "${field}" field.`;
}

/** '{Field} is required', for required fields whose message the spec does not give. */
export function requiredMessage(field: string): string {
  return `${field} is required`;
}

/** A message of MSG by its key (the catalogues' `validation.<key>`). */
export type MsgKey = keyof typeof MSG;

const MSG_KEYS = new Map<string, MsgKey>(Object.entries(MSG).map(([k, v]) => [v, k as MsgKey]));

/** The key of one of MSG's messages (a refusal's `request/invalid` message); null for any other text. */
export function msgKeyOf(message: string | null | undefined): MsgKey | null {
  return (message && MSG_KEYS.get(message)) || null;
}
