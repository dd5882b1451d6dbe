// Request input through Hono's validator, parsed with the domain's valibot schemas (the client
// parses with the same ones). The answers are the ones body.ts gives a handler that reads its own
// input: 415 request/not-json, 413 request/too-large, 400 request/malformed-json, and 400
// request/invalid `{code, message, issues}` naming the first failing field. A handler behind
// `jsonBody(schema)` reads `c.req.valid('json')`; behind `queryOf(schema)`, `c.req.valid('query')`.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import type * as v from 'valibot';
import type { AppEnv } from './app-env';
import { jsonText, parseWith } from './body';
import { ApiError } from './errors';

/**
 * The body, checked as body.ts checks it (type, size, NUL), then parsed by the validator with
 * `schema`. `before` sees the parsed JSON first and may refuse it (throw) before the schema runs.
 */
export function jsonBody<S extends v.GenericSchema>(schema: S, before?: (value: unknown) => void) {
  const validate = validator('json', (value) => {
    before?.(value);
    return parseWith(schema, value);
  });
  const middleware: typeof validate = async (c, next) => {
    // Read once, within the size limit (body.ts); the validator's own read takes this text.
    const text = jsonText(c);
    await text;
    // Hono keeps the read's promise there (its type says the text).
    (c.req.bodyCache as { text?: Promise<string> }).text = text;
    let handled = false;
    try {
      return await validate(c, () => {
        handled = true;
        return next();
      });
    } catch (err) {
      // The validator's own answer to a body that is not JSON, in this server's words.
      if (!handled && err instanceof HTTPException && err.status === 400)
        throw new ApiError('request/malformed-json');
      throw err;
    }
  };
  return middleware;
}

/**
 * The query string parsed with `schema`, read as `c.req.query()` reads it (one value per name, as
 * the handlers read it before they had a validator).
 */
export function queryOf<S extends v.GenericSchema>(schema: S) {
  return validator('query', (_value, c) => parseWith(schema, c.req.query()));
}

/** The Context of a handler behind `jsonBody(schema)`. */
export type JsonContext<S extends v.GenericSchema> = Context<
  AppEnv,
  string,
  { out: { json: v.InferOutput<S> } }
>;

/** The Context of a handler behind `queryOf(schema)`. */
export type QueryContext<S extends v.GenericSchema> = Context<
  AppEnv,
  string,
  { out: { query: v.InferOutput<S> } }
>;
