// The server side of the mutation registry: one mutator per kind of src/domain/sync/mutations.
// The mapped type makes a missing kind a compile error, and `runMutator` picks the mutator for
// a kind without a cast (the correlated-union pattern).
import * as v from 'valibot';
import { courierRequestSchemaAt } from '@/domain/courier/schema';
import { addListingRequestSchema } from '@/domain/listing/schema';
import { appliedKind, MUTATION_ARGS, type MutationArgs, type MutationKind } from '@/domain/sync/mutations';
import { ApiError, invalid, type Reply, refusalReply, toIssues } from '../http/errors';
import { addListing, addListings } from './add-listing';
import { book } from './book';
import { cancelBooking } from './cancel-booking';
import { complete } from './complete';
import { contact } from './contact';
import { courier } from './courier';
import { courierWithdraw } from './courier-withdraw';
import { editListing } from './edit-listing';
import { message } from './message';
import type { BatchMutator, MutationContext, ServerMutator } from './mutator';
import { paymentAnswer, paymentClaim, paymentReceived } from './payments';
import { rate } from './rate';
import { readMessages } from './read-messages';
import { reportMessage } from './report-message';
import { block, report, unblock } from './safety';
import { setLocale } from './set-locale';
import { setUpi } from './set-upi';
import { statusUpdate } from './status-update';
import { unwatch, watch } from './watch';
import { withdrawListing } from './withdraw-listing';

export type { MutationContext } from './mutator';

const MUTATORS: { [K in MutationKind]: ServerMutator<K> } = {
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

type ArgsSchema<K extends MutationKind> = v.GenericSchema<unknown, MutationArgs<K>>;

/**
 * The server's schema for a kind whose rules need its clock or reference data (the device checks
 * them with its own); the shared MUTATION_ARGS schema for the others. Arguments are parsed once.
 */
const SERVER_ARGS: { [K in MutationKind]?: (ctx: MutationContext) => ArgsSchema<K> } = {
  'add-listing': ({ deps, ref }) =>
    addListingRequestSchema({ nowMs: deps.clock.now(), timeZoneOf: ref.timeZoneOf }),
  courier: ({ deps }) => courierRequestSchemaAt(new Date(deps.clock.now()).toISOString().slice(0, 10)),
};

function argsSchema<K extends MutationKind>(kind: K, ctx: MutationContext): ArgsSchema<K> {
  const server = SERVER_ARGS[kind] as ((ctx: MutationContext) => ArgsSchema<K>) | undefined;
  return server ? server(ctx) : (MUTATION_ARGS[kind] as ArgsSchema<K>);
}

/**
 * Validates `args` with the schema of the kind they are applied as (its registry entry's
 * `appliedAs`, src/domain/sync/mutations.ts: 400 with issues) and applies its effect. A
 * refusal the mutator returns (its effect stands) becomes its answer here; a thrown one
 * propagates, and the caller's transaction (or savepoint) undoes its effect.
 */
export async function runMutator(
  ctx: MutationContext,
  requested: MutationKind,
  args: unknown,
): Promise<Reply> {
  const kind = appliedKind(requested, args);
  const parsed = v.safeParse(argsSchema(kind, ctx), args);
  if (!parsed.success) throw invalid(toIssues(parsed.issues));
  const outcome = await applyKind(ctx, kind, parsed.output);
  return outcome instanceof ApiError ? refusalReply(outcome) : outcome;
}

/** Kinds whose runs apply at once (BatchMutator). */
const BATCH_MUTATORS: { [K in MutationKind]?: BatchMutator<K> } = {
  'add-listing': addListings,
};

/** Whether a run of `kind` can go through runMutators. */
export function appliesInRuns(kind: MutationKind, args: unknown): boolean {
  return appliedKind(kind, args) === kind && BATCH_MUTATORS[kind] !== undefined;
}

/**
 * runMutator for a run of mutations of one kind (appliesInRuns), at once: in order, each one's
 * Reply or the ApiError refusing it (its arguments' 400 included), as one by one would answer.
 */
export async function runMutators<K extends MutationKind>(
  ctx: MutationContext,
  kind: K,
  argsList: readonly unknown[],
): Promise<(Reply | ApiError)[]> {
  const batch = BATCH_MUTATORS[kind] as BatchMutator<K> | undefined;
  if (!batch) throw new Error(`${kind} has no batch mutator`);
  const schema = argsSchema(kind, ctx);
  const answers: (Reply | ApiError | null)[] = [];
  const valid: MutationArgs<K>[] = [];
  for (const args of argsList) {
    const parsed = v.safeParse(schema, args);
    if (parsed.success) {
      valid.push(parsed.output);
      answers.push(null);
    } else answers.push(invalid(toIssues(parsed.issues)));
  }
  const applied = valid.length ? await batch(ctx, valid) : [];
  let next = 0;
  return answers.map((a) => a ?? (applied[next++] as Reply | ApiError));
}

function applyKind<K extends MutationKind>(ctx: MutationContext, kind: K, args: MutationArgs<K>) {
  const mutator: ServerMutator<K> = MUTATORS[kind];
  return mutator(ctx, args);
}
