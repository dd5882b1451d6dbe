// The Node request behind a Hono context (absent under app.request in tests): whether the
// client went away mid-request, which is logged as a client abort (499), not a server error.
import type { Context } from 'hono';

export type NodeEnv =
  | {
      incoming?: {
        readableEnded: boolean;
        destroyed: boolean;
        errored: unknown;
        headers: Record<string, unknown>;
      };
    }
  | undefined;

/** Whether the client went away before its request body arrived in full (not a server fault). */
export function clientAborted(c: Context): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const incoming = (c.env as NodeEnv)?.incoming;
  return Boolean(incoming && !incoming.readableEnded && (incoming.errored || incoming.destroyed));
}
