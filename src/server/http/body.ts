// Reading request input: JSON bodies (malformed -> 400) and valibot parsing with the domain
// schemas (-> 400 {message, issues}).
import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError, invalid, toIssues } from './errors';

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  // PostgreSQL text and jsonb cannot hold NUL characters: refuse them at the door.
  if (text.includes('\\u0000'))
    throw invalid([{ path: '', message: 'Text must not contain NUL characters' }]);
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

export async function parseJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJson(c));
}
