// The device side of the mutation registry: one local mutator per kind of
// src/domain/sync/mutations (a missing kind does not compile). The store hands this set to the
// engine (store.ts), which applies, settles and labels every entry through it.
import type { OutboxEntryOf } from '@/domain/outbox/entry';
import type { MutationKind } from '@/domain/sync/mutations';
import { type ChangeLabel, describeEntry as describeWith, type LocalMutators } from '../engine';
import { addListing } from './add-listing';
import { book } from './book';
import { cancelBooking } from './cancel-booking';
import { complete } from './complete';
import { contact } from './contact';
import { courier, courierWithdraw } from './courier';
import { editListing } from './edit-listing';
import { message } from './message';
import { paymentAnswer, paymentClaim, paymentReceived, setUpi } from './payments';
import { rate } from './rate';
import { readMessages } from './read-messages';
import { reportMessage } from './report-message';
import { block, report, unblock } from './safety';
import { setLocale } from './set-locale';
import { statusUpdate } from './status-update';
import { unwatch, watch } from './watch';
import { withdrawListing } from './withdraw-listing';

export const LOCAL_MUTATORS: LocalMutators = {
  'add-listing': addListing,
  book,
  'status-update': statusUpdate,
  contact,
  courier,
  'courier-withdraw': courierWithdraw,
  complete,
  rate,
  watch,
  unwatch,
  message,
  'read-messages': readMessages,
  'report-message': reportMessage,
  block,
  unblock,
  report,
  'set-upi': setUpi,
  'set-locale': setLocale,
  'payment-received': paymentReceived,
  'payment-claim': paymentClaim,
  'payment-answer': paymentAnswer,
  'cancel-booking': cancelBooking,
  'edit-listing': editListing,
  'withdraw-listing': withdrawListing,
};

/** The waiting list's name for an entry. */
export function describeEntry<K extends MutationKind>(entry: OutboxEntryOf<K>): ChangeLabel {
  return describeWith(LOCAL_MUTATORS, entry);
}
