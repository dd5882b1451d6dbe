// The only reader of process.env: parsed once at start, failing loudly on bad values.
import * as v from 'valibot';

const flag = v.optional(
  v.pipe(
    v.picklist(['true', 'false', '1', '0', ''], 'must be true or false'),
    v.transform((x) => x === 'true' || x === '1'),
  ),
  '',
);

const envSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('PORT must be an integer'),
      v.minValue(0),
      v.maxValue(65535),
    ),
    '8080',
  ),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: v.optional(v.string(), ''),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((x) =>
        x
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ),
    '',
  ),
  SECURE_COOKIES: flag,
  TRUST_PROXY: flag,
  PUBLIC_URL: v.optional(v.string(), ''),
  STATIC_DIR: v.optional(v.string(), './dist'),
});

export type Env = v.InferOutput<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = v.safeParse(envSchema, source);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`Invalid environment: ${v.getDotPath(issue) ?? ''} ${issue.message}`);
  }
  return result.output;
}
