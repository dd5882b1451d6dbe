// UPI at the hand-off: the payee's UPI ID (a VPA, "name@bank"), how others see it, and the
// `upi://pay` link every UPI app opens with the amount filled in (NPCI's UPI linking
// specification: pa, pn, tr, tn, am, cu). The link is built here once; the QR code drawn on the
// device encodes exactly this text.
import * as v from 'valibot';
import { MSG } from '../texts';

/** A VPA: a handle of letters, digits, dots, hyphens and underscores, '@', and the bank's handle. */
export const VPA_RE = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9.-]{1,63}$/;

/** A UPI ID as typed (spaces around it dropped, lower-cased) that must be a VPA. */
export const vpaSchema = v.pipe(
  v.string(MSG.upiIdInvalid),
  v.trim(),
  v.toLowerCase(),
  v.regex(VPA_RE, MSG.upiIdInvalid),
);

/** The profile's UPI ID: a VPA, or empty to remove it (the carrier is then paid in cash). */
export const upiIdInputSchema = v.union(
  [v.pipe(v.string(MSG.upiIdInvalid), v.trim(), v.length(0, MSG.upiIdInvalid)), vpaSchema],
  MSG.upiIdInvalid,
);

/** 'asha.k-99@okaxis' -> 'as•••••••@okaxis': what others see before a booking is accepted. */
export function maskVpa(vpa: string): string {
  const at = vpa.lastIndexOf('@');
  if (at < 0) return '•••';
  const name = vpa.slice(0, at);
  return `${name.slice(0, 2)}${'•'.repeat(Math.max(3, name.length - 2))}${vpa.slice(at)}`;
}

/** Percent-encoding of a value: UTF-8 bytes of anything but unreserved characters, '@' kept
 * (payee addresses read as they are written in every example of the specification). */
function encodeValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/%40/g, '@')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The booking's own transaction reference (`tr`): unique to it, 35 letters and digits at most. */
export function upiReferenceOf(bookingId: string): string {
  return `CRY${bookingId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32)}`.toUpperCase();
}

export interface UpiPayment {
  /** The payee's VPA. */
  vpa: string;
  /** The payee's name as their UPI app shows it. */
  name: string;
  /** Rupees, more than 0. */
  amount: number;
  /** The booking paid for: its id names it (`tn`) and makes its reference (`tr`). */
  bookingId: string;
  /** The flight, for the note the payee reads (`tn`). */
  flightNo: string;
}

/** The note (`tn`) a UPI app shows both sides: what the money is for. */
export function upiNoteOf(p: Pick<UpiPayment, 'bookingId' | 'flightNo'>): string {
  return `Carry booking ${p.bookingId.slice(0, 8).toUpperCase()} ${p.flightNo}`.trim();
}

/** The most one UPI payment between people may carry (NPCI's person-to-person limit, ₹1,00,000):
 * a booking's total above it is paid in cash, and the app offers no UPI code for it. */
export const UPI_MAX_AMOUNT = 100_000;

/** Whether one UPI payment can carry `amount` rupees (more than nothing, at most UPI_MAX_AMOUNT). */
export const upiCanPay = (amount: number): boolean => amount > 0 && amount <= UPI_MAX_AMOUNT;

/** `upi://pay?pa=...&pn=...&tr=...&tn=...&am=2000.00&cu=INR`. */
export function upiPayLink(p: UpiPayment): string {
  const params: [string, string][] = [
    ['pa', p.vpa],
    ['pn', p.name],
    ['tr', upiReferenceOf(p.bookingId)],
    ['tn', upiNoteOf(p)],
    ['am', p.amount.toFixed(2)],
    ['cu', 'INR'],
  ];
  return `upi://pay?${params.map(([k, value]) => `${k}=${encodeValue(value)}`).join('&')}`;
}
