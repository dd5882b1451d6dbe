// A labelled multi-line input for the current form field.
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { useFieldControl } from './field-error';

interface TextareaFieldProps {
  label: string;
  rows?: number;
  placeholder?: string;
}

export function TextareaField({ label, rows = 4, placeholder }: TextareaFieldProps) {
  const { field, error, control } = useFieldControl();
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
