// Turns a TanStack Form field's errors (Standard Schema issues or strings) into the one message
// to show, and wires a control to its field.
import { useFieldContext } from './form-context';

export function errorText(errors: readonly unknown[]): string | undefined {
  for (const e of errors) {
    if (typeof e === 'string' && e) return e;
    if (Array.isArray(e)) {
      const inner = errorText(e);
      if (inner) return inner;
    }
    if (e && typeof e === 'object' && 'message' in e && typeof e.message === 'string') return e.message;
  }
  return undefined;
}

/** The current field and the props that tie a control to it: value, blur, and the error wiring. */
export function useFieldControl() {
  const field = useFieldContext<string>();
  const error = errorText(field.state.meta.errors);
  return {
    field,
    error,
    control: {
      id: field.name,
      name: field.name,
      value: field.state.value ?? '',
      onBlur: field.handleBlur,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${field.name}-error` : undefined,
    },
  };
}
