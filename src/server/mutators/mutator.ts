// What a server mutator is: the authoritative effect of one mutation kind, run inside the
// caller's transaction (the REST call's idempotency record, or the push's client row), so the
// effect and its bookkeeping commit together. A refusal is thrown as ApiError(code).
import type { MutationArgs, MutationKind } from '@/domain/sync/mutations';
import type { Tx } from '../db/client';
import type { Deps, SessionUser } from '../deps';
import type { Reply } from '../http/idempotency';
import type { ReferenceIndex } from '../routes/reference/reference.queries';

export interface MutationContext {
  tx: Tx;
  user: SessionUser;
  deps: Deps;
  /** Airports' time zones and airline codes, loaded before the transaction (one connection on PGlite). */
  ref: ReferenceIndex;
}

export type ServerMutator<K extends MutationKind> = (
  ctx: MutationContext,
  args: MutationArgs<K>,
) => Promise<Reply>;
