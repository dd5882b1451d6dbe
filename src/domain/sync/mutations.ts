// The registry of mutation kinds: one argument schema per kind, shared by the client (which
// queues them) and the server (which validates and applies them). A new kind is one line here,
// one local mutator in src/data/mutators and one server mutator in src/server/mutators; the
// typed maps on both sides refuse to compile until all three exist.
import type * as v from 'valibot';
import { bookingRequestSchema, statusUpdateSchema } from '../booking/schema';
import { contactSchema } from '../contact/schema';
import { courierRequestSchema } from '../courier/schema';
import { completeArgsSchema } from '../handoff/schema';
import { addListingArgsSchema } from '../listing/schema';
import { messageArgsSchema, readMessagesArgsSchema, reportMessageArgsSchema } from '../message/schema';
import { ratingRequestSchema } from '../rating/schema';
import { unwatchArgsSchema, watchArgsSchema } from '../watch/schema';

export const MUTATION_ARGS = {
  'add-listing': addListingArgsSchema,
  book: bookingRequestSchema,
  'status-update': statusUpdateSchema,
  contact: contactSchema,
  courier: courierRequestSchema,
  /** Completing with the traveller's hand-off code (src/domain/handoff). */
  complete: completeArgsSchema,
  /** Rating the other side of a completed booking (src/domain/rating). */
  rate: ratingRequestSchema,
  /** Watching a route: its listings are mirrored on the device (src/domain/watch). */
  watch: watchArgsSchema,
  unwatch: unwatchArgsSchema,
  /** A message in a booking's thread, under the id the device made (src/domain/message). */
  message: messageArgsSchema,
  /** My last read message of a thread (read state: unread counts, the other side's "Seen"). */
  'read-messages': readMessagesArgsSchema,
  /** Reporting a message of the other side, kept for review with its thread. */
  'report-message': reportMessageArgsSchema,
} as const satisfies Record<string, v.GenericSchema>;

export type MutationKind = keyof typeof MUTATION_ARGS;
export const MUTATION_KINDS = Object.keys(MUTATION_ARGS) as MutationKind[];
export type MutationArgs<K extends MutationKind> = v.InferOutput<(typeof MUTATION_ARGS)[K]>;

/** A mutation of any kind, as a discriminated union on `kind`. */
export type Mutation = { [K in MutationKind]: { id: number; kind: K; args: MutationArgs<K> } }[MutationKind];

export function isMutationKind(kind: string): kind is MutationKind {
  return Object.hasOwn(MUTATION_ARGS, kind);
}
