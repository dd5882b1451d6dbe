// What a server mutator is: the authoritative effect of one mutation kind, run inside the
// caller's transaction (the REST call's idempotency record, or the push's client row), so the
// effect and its bookkeeping commit together. A refusal is an ApiError(code): thrown, so its
// effect rolls back, or returned when its effect must stand (a counted wrong hand-off code).
import type { MutationArgs, MutationKind } from '@/domain/sync/mutations';
import type { Tx } from '../db/client';
import type { Deps, SessionUser } from '../deps';
import type { ApiError, Reply } from '../http/errors';
import type { UserLock } from '../model/quotas.checks';
import type { ReferenceIndex } from '../model/reference.queries';

export interface MutationContext {
  tx: Tx;
  user: SessionUser;
  deps: Deps;
  /** Airports' time zones and airline codes, loaded before the transaction (one connection on PGlite). */
  ref: ReferenceIndex;
  /**
   * Whether this transaction already holds the lock on the signed-in user's row, and what it has
   * read under it (model/quotas.checks.ts), so a push batch takes the lock and reads the user's listings once,
   * not once per mutation. The push puts it back as it was when a mutation's savepoint rolls back
   * (that releases a lock taken inside it, and undoes its insert). Absent (a REST call): every
   * check locks and reads.
   */
  userLock?: UserLock;
}

export type ServerMutator<K extends MutationKind> = (
  ctx: MutationContext,
  args: MutationArgs<K>,
) => Promise<Reply | ApiError>;

/**
 * A kind that applies a run of its mutations (one push batch's, back to back) at once: the
 * answers, in order, are those applying them one by one would give, each a Reply or the ApiError
 * refusing it. Every refusal must be decided before anything is written, so a refused mutation
 * leaves no effect to undo and needs no savepoint; anything thrown fails the whole run (the push
 * then applies the batch again one by one, each in its savepoint).
 */
export type BatchMutator<K extends MutationKind> = (
  ctx: MutationContext,
  args: readonly MutationArgs<K>[],
) => Promise<(Reply | ApiError)[]>;
