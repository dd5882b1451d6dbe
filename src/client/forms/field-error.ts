// Turns a TanStack Form field's errors (valibot issues or strings) into the one message to show.
import type { AnyFieldApi } from '@tanstack/react-form';

export function errorText(errors: readonly unknown[]): string | undefined {
  for (const e of errors) {
    if (typeof e === 'string' && e) return e;
    if (e && typeof e === 'object' && 'message' in e && typeof e.message === 'string') return e.message;
  }
  return undefined;
}

/** The props that tie a control to its field: value, change, blur, and the error wiring. */
export function fieldControlProps(field: AnyFieldApi) {
  const error = errorText(field.state.meta.errors);
  return {
    id: field.name,
    name: field.name,
    value: (field.state.value ?? '') as string,
    onBlur: field.handleBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${field.name}-error` : undefined,
    error,
  };
}
