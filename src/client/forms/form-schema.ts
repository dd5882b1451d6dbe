// Domain schemas as TanStack Form validators (Standard Schema). The domain's schemas accept a
// wider input than a form holds (optional fields, numbers as text), so a form names its own
// value type here; `lazy` builds the schema at each check, for rules that depend on the time of
// the check ("departure must be in the future").
import type { StandardSchemaV1 } from '@tanstack/react-form';
import type * as v from 'valibot';

/** `schema` as a validator of the form's values `T`. */
export function formSchema<T>(schema: v.GenericSchema): StandardSchemaV1<T, unknown> {
  return schema as unknown as StandardSchemaV1<T, unknown>;
}

/** Like formSchema, with the schema made anew for every check. */
export function lazyFormSchema<T>(make: () => v.GenericSchema): StandardSchemaV1<T, unknown> {
  const first = make()['~standard'];
  return formSchema<T>({
    ...make(),
    '~standard': { ...first, validate: (value: unknown) => make()['~standard'].validate(value) },
  } as v.GenericSchema);
}
