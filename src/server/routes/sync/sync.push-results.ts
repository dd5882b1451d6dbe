// The one mapping of a pushed mutation's answer to its push result, and of a result to the row
// kept in sync_results (and back, for a repeated push or a pull). A refusal's answer comes from
// refusalReply (src/server/http/errors.ts), as REST's does: the same code, message and wait.
import type { PushResult } from '@/domain/sync/protocol';
import type { Reply } from '../../http/errors';

function refused(id: number, body: Record<string, unknown>): PushResult {
  const wait = body.retryAfter;
  return {
    id,
    ok: false,
    code: String(body.code ?? 'request/invalid'),
    message: String(body.message ?? ''),
    ...(typeof wait === 'number' ? { retryAfter: wait } : {}),
  };
}

/** A mutation's result from its reply: applied below 400, refused (with its code) from 400 on. */
export function pushResult(id: number, reply: Reply): PushResult {
  return reply.status < 400 ? { id, ok: true, body: reply.body } : refused(id, reply.body);
}

/** The body stored for a result: the reply's body when applied, the refusal's fields otherwise. */
export function storedBody(result: PushResult): Record<string, unknown> {
  if (result.ok) return result.body;
  const { id: _id, ok: _ok, ...answer } = result;
  return answer;
}

/** A stored result read back. */
export function storedResult(id: number, ok: boolean, body: unknown): PushResult {
  const b = (body ?? {}) as Record<string, unknown>;
  return ok ? { id, ok: true, body: b } : refused(id, b);
}
