// Writes run in one transaction together with their Idempotency-Key record: the key is claimed
// first (a concurrent duplicate waits on the unique key, then finds the stored answer), the
// work runs, the answer is stored. A failure rolls the claim back, so a retry runs afresh.
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER } from '@/domain/constants';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError, invalid } from './errors';

export interface Reply {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}

const KEY_RE = /^[\x21-\x7e]{1,200}$/;

/** Runs `work` in a transaction, exactly once per (scope, Idempotency-Key) when a key is sent. */
export async function idempotentWrite(
  c: Context,
  deps: Deps,
  scope: string,
  work: (tx: Tx) => Promise<Reply>,
): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) {
    const reply = await deps.db.transaction(work);
    return c.json(reply.body, reply.status);
  }
  if (!KEY_RE.test(key)) throw invalid([{ path: IDEMPOTENCY_HEADER, message: 'Invalid Idempotency-Key' }]);
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const outcome = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, status: 0, body: {}, createdAt: new Date(deps.clock.now()) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(where);
      // Status 0 is a claim whose transaction has not committed: only possible mid-flight.
      if (!stored || stored.status === 0) throw new ApiError('idempotency/conflict');
      return {
        replayed: true,
        reply: { status: stored.status as ContentfulStatusCode, body: stored.body as Reply['body'] },
      };
    }
    const reply = await work(tx);
    await tx.update(idempotencyKeys).set({ status: reply.status, body: reply.body }).where(where);
    return { replayed: false, reply };
  });
  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(outcome.reply.body, outcome.reply.status);
}
