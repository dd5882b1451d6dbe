// The Hono environment every handler sees: the session's user, set by the session middleware
// (src/server/auth/guard.ts) for each request, null without a session.

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  phone: string;
}

/** `suspended`: the request's token is of a session a suspension ended (auth/suspended, not 401). */
export type AppEnv = { Variables: { user: SessionUser | null; suspended?: boolean } };
