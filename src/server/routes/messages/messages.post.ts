// POST /api/bookings/:bookingId/messages in one database call: postThreadMessage (post_message(),
// migration 0024, the message rule the `message` mutator of the sync push runs too) claims the
// Idempotency-Key, locks, checks, counts, inserts and stores the answer in its own transaction.
// When the key is already taken, the mutator inside idempotentWrite answers: its stored answer,
// 409 idempotency/conflict or 422 idempotency/key-reused, the usual way. A message costs the
// session lookup and this one round trip, not seven (BENCHMARKS.md "Messages: posting under load").
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { messageArgsSchema, type messageBodySchema } from '@/domain/message/schema';
import { requireUser } from '../../auth/guard';
import type { Deps } from '../../deps';
import { invalid, sendReply, toIssues } from '../../http/errors';
import { idempotentWrite, keyedRequest } from '../../http/idempotency';
import type { JsonContext } from '../../http/validate';
import { postThreadMessage } from '../../model/messages.thread';
import { referenceIndex } from '../../model/reference.queries';
import { runMutator } from '../../mutators';

export async function postMessage(c: JsonContext<typeof messageBodySchema>, deps: Deps): Promise<Response> {
  const user = requireUser(c);
  const parsed = v.safeParse(messageArgsSchema, {
    bookingId: c.req.param('bookingId') ?? '',
    id: randomUUID(),
    text: c.req.valid('json').text,
  });
  if (!parsed.success) throw invalid(toIssues(parsed.issues));
  const args = parsed.output;
  const keyed = await keyedRequest(c);
  const nowMs = deps.clock.now();
  const reply = await postThreadMessage(
    deps.db,
    { bookingId: args.bookingId, senderId: user.id, id: args.id, text: args.text },
    nowMs,
    keyed && {
      key: keyed.key,
      ...keyed.request,
      liveAfter: new Date(nowMs - deps.config.idempotencyRetentionMs),
    },
  );
  if (reply) {
    // A new message may have queued its recipient's notice (migration 0030's trigger).
    if (reply.status === 201) deps.notifier.queued();
    return sendReply(c, reply);
  }
  // The key is taken: its stored answer (or a refusal of the key) as any keyed write finds it.
  const ref = await referenceIndex(deps.db);
  return idempotentWrite(c, deps, user.id, (tx) => runMutator({ tx, user, deps, ref }, 'message', args));
}
