// A labelled multi-line input bound to a TanStack Form field.
import type { AnyFieldApi } from '@tanstack/react-form';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { fieldControlProps } from './field-error';

interface TextareaFieldProps {
  field: AnyFieldApi;
  label: string;
  rows?: number;
  placeholder?: string;
}

export function TextareaField({ field, label, rows = 4, placeholder }: TextareaFieldProps) {
  const { error, ...control } = fieldControlProps(field);
  return (
    <Field id={control.id} label={label} error={error}>
      <textarea
        {...control}
        rows={rows}
        placeholder={placeholder}
        className={`${CONTROL_CLASS} resize-y`}
        onChange={(e) => field.handleChange(e.target.value)}
      />
    </Field>
  );
}
