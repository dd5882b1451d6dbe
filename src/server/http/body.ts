// Reading request input: JSON bodies (another Content-Type -> 415, malformed -> 400) and
// valibot parsing with the domain schemas (-> 400 {message, issues}). Routes take their input
// through validate.ts, which reads with these.
import type { Context } from 'hono';
import * as v from 'valibot';
import { JSON_BODY_MAX_BYTES, JSON_DEPTH_MAX, SMALL_JSON_BODY_MAX_BYTES } from '@/domain/constants';
import type { NodeEnv } from './client-abort';
import { ApiError, invalid, toIssues } from './errors';

const bodies = new WeakMap<Context, Promise<string>>();

/** The small routes: their bodies are a few KB (SMALL_JSON_BODY_MAX_BYTES). */
const SMALL_BODY_PATH_RE = /^\/(auth\/|api\/push\/|api\/notifications\/)/;

/** The most a JSON body to `path` may hold: `max` (the server's setting), less on the small routes. */
export function jsonBodyMaxBytes(path: string, max: number = JSON_BODY_MAX_BYTES): number {
  return SMALL_BODY_PATH_RE.test(path) ? Math.min(max, SMALL_JSON_BODY_MAX_BYTES) : max;
}

/**
 * Refuses JSON nested deeper than JSON_DEPTH_MAX (400 request/too-deep), in one pass over the text
 * before it is parsed: brackets inside strings do not count.
 */
export function checkDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i += 1;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth += 1;
      if (depth > JSON_DEPTH_MAX) throw new ApiError('request/too-deep');
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth -= 1;
  }
}

async function readIncoming(incoming: AsyncIterable<Buffer>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += chunk.length;
    if (size > maxBytes) throw new ApiError('request/too-large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The request body as text, read once per request and at most `maxBytes` (413 beyond). On Node it
 * is read straight from the socket's stream: going through the Fetch Request costs the adapter a
 * full Request, an AbortSignal and a web stream per call.
 */
export function bodyText(c: Context, maxBytes: number = jsonBodyMaxBytes(c.req.path)): Promise<string> {
  let text = bodies.get(c);
  if (!text) {
    const incoming = (c.env as NodeEnv)?.incoming as (AsyncIterable<Buffer> & object) | undefined;
    text = incoming
      ? readIncoming(incoming, maxBytes)
      : c.req.text().then((t) => {
          if (Buffer.byteLength(t) > maxBytes) throw new ApiError('request/too-large');
          return t;
        });
    bodies.set(c, text);
  }
  return text;
}

/** application/json, or a +json type such as application/merge-patch+json; parameters allowed. */
const JSON_TYPE_RE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * The body of a JSON request as text: 415 for another Content-Type, 413 too large, 400 with NUL or
 * nested too deeply.
 */
export async function jsonText(c: Context): Promise<string> {
  if (!JSON_TYPE_RE.test(c.req.header('content-type') ?? '')) throw new ApiError('request/not-json');
  const text = await bodyText(c);
  checkDepth(text);
  // PostgreSQL text and jsonb cannot hold NUL characters: refuse them at the door.
  if (text.includes('\\u0000'))
    throw invalid([{ path: '', message: 'Text must not contain NUL characters' }]);
  return text;
}

export async function readJson(c: Context): Promise<unknown> {
  const text = await jsonText(c);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('request/malformed-json');
  }
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw invalid(toIssues(result.issues));
  return result.output;
}
