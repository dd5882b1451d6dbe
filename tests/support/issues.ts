// Test helper: the messages a valibot schema reports for an input, keyed by the first path segment.
import * as v from 'valibot';

export function messagesOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  const out: Record<string, string[]> = {};
  for (const issue of result.issues ?? []) {
    const key = String(issue.path?.[0]?.key ?? '');
    out[key] ??= [];
    out[key].push(issue.message);
  }
  return out;
}
