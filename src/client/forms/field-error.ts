// Turns a TanStack Form field's errors (Standard Schema issues or strings) into the one message
// to show, in the active language, and wires a control to its field.

import { validationText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { useFieldContext } from './form-context';

function firstError(errors: readonly unknown[]): string | undefined {
  for (const e of errors) {
    if (typeof e === 'string' && e) return e;
    if (Array.isArray(e)) {
      const inner = firstError(e);
      if (inner) return inner;
    }
    if (e && typeof e === 'object' && 'message' in e && typeof e.message === 'string') return e.message;
  }
  return undefined;
}

export function errorText(errors: readonly unknown[]): string | undefined {
  const message = firstError(errors);
  return message === undefined ? undefined : validationText(message);
}

/** The current field and the props that tie a control to it: value, blur, and the error wiring. */
export function useFieldControl() {
  const field = useFieldContext<string>();
  // Re-renders in a new language; the schemas' English message is translated by its key.
  const t = useT();
  const message = firstError(field.state.meta.errors);
  const error = message === undefined ? undefined : validationText(message, t);
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
