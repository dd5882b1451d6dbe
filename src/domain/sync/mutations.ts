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
import { ratingRequestSchema } from '../rating/schema';

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
} as const satisfies Record<string, v.GenericSchema>;

export type MutationKind = keyof typeof MUTATION_ARGS;
export const MUTATION_KINDS = Object.keys(MUTATION_ARGS) as MutationKind[];
export type MutationArgs<K extends MutationKind> = v.InferOutput<(typeof MUTATION_ARGS)[K]>;

/** A mutation of any kind, as a discriminated union on `kind`. */
export type Mutation = { [K in MutationKind]: { id: number; kind: K; args: MutationArgs<K> } }[MutationKind];

export function isMutationKind(kind: string): kind is MutationKind {
  return Object.hasOwn(MUTATION_ARGS, kind);
}
