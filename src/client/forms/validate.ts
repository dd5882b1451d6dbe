// Runs a domain valibot schema as a TanStack Form validator: each field gets the first message
// the schema reports for it, shown beside that field.
import * as v from 'valibot';

export type FieldErrors = Record<string, string>;

/** The first issue message per top-level field, or undefined when the value passes. */
export function schemaFieldErrors(schema: v.GenericSchema, value: unknown): FieldErrors | undefined {
  const result = v.safeParse(schema, value);
  if (result.success) return undefined;
  const fields: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}

/** A form-level validator for `validators.onSubmit` (or onChange) built from a schema. */
export function validateWith(schema: v.GenericSchema | (() => v.GenericSchema)) {
  return ({ value }: { value: unknown }) => {
    const fields = schemaFieldErrors(typeof schema === 'function' ? schema() : schema, value);
    return fields ? { fields } : undefined;
  };
}
