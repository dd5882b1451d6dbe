// The words of a courier request's codes, by message id: the domain keeps codes and the English
// labels of its rules (src/domain/courier/categories.ts); the client shows them in the active
// language. A code this release does not know is shown as it is.
import type { AreaKeys, Translate } from '@/client/i18n/i18n';
import type { PaymentMode } from '@/domain/constants';
import { categoryLabel } from '@/domain/courier/categories';

type SenderKey = AreaKeys['sender'];

const CATEGORY_TEXT: Record<string, SenderKey> = {
  documents: 'sender.category.documents',
  clothing: 'sender.category.clothing',
  books: 'sender.category.books',
  electronics: 'sender.category.electronics',
  medicines: 'sender.category.medicines',
  'packed-food': 'sender.category.packed-food',
  gifts: 'sender.category.gifts',
  'spare-batteries': 'sender.category.spare-batteries',
  flammables: 'sender.category.flammables',
  weapons: 'sender.category.weapons',
  corrosives: 'sender.category.corrosives',
  narcotics: 'sender.category.narcotics',
};

/** An item category's words. */
export function categoryText(value: string, t: Translate<SenderKey>): string {
  const key = CATEGORY_TEXT[value];
  return key ? t(key) : categoryLabel(value);
}

/** The Government ID types offered: the value stored is the English name, as before. */
export const ID_TYPES: readonly { value: string; label: SenderKey }[] = [
  { value: 'Aadhaar Card', label: 'sender.idType.aadhaar' },
  { value: 'PAN Card', label: 'sender.idType.pan' },
  { value: 'Passport', label: 'sender.idType.passport' },
  { value: 'Driving Licence', label: 'sender.idType.driving' },
  { value: 'Voter ID', label: 'sender.idType.voter' },
];

/** A Government ID type's words (one stored by an older release: as it is). */
export function idTypeText(value: string, t: Translate<SenderKey>): string {
  const type = ID_TYPES.find((x) => x.value === value);
  return type ? t(type.label) : value;
}

export const PAYMENT_TEXT: Record<PaymentMode, SenderKey> = {
  UPI: 'sender.payment.upi',
  Cash: 'sender.payment.cash',
};

/** A payment mode's words. */
export function paymentText(value: string, t: Translate<SenderKey>): string {
  return value in PAYMENT_TEXT ? t(PAYMENT_TEXT[value as PaymentMode]) : value;
}

// The notes of a request's history are written in English where the status moved (the server, or
// this device for a withdraw); the known ones are shown in the active language, any other as it is.
const NOTE_TEXT: Record<string, SenderKey> = {
  'A carrier is flying this route on your dates': 'sender.note.matched',
  'You booked a carrier for it': 'sender.note.booked',
  'Withdrawn by the sender': 'sender.note.withdrawn',
};

/** A history note's words. */
export function historyNoteText(note: string, t: Translate<SenderKey>): string {
  const key = Object.hasOwn(NOTE_TEXT, note) ? NOTE_TEXT[note] : undefined;
  return key ? t(key) : note;
}
