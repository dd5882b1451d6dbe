// A labelled text-like input (text, email, tel, number, date, time) for the current form field.
import type { InputHTMLAttributes } from 'react';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { useFieldControl } from './field-error';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'name'>;

export interface TextFieldProps extends InputProps {
  label: string;
  /** A line under the input while it has no error ("Air India (AI)"). */
  hint?: string | undefined;
  /** Classes added to the control's own (font-mono for a reference). */
  className?: string;
}

export function TextField({ label, hint, className, ...input }: TextFieldProps) {
  const { field, error, control } = useFieldControl();
  return (
    <Field id={control.id} label={label} error={error} hint={hint}>
      <input
        {...input}
        {...control}
        className={className ? `${CONTROL_CLASS} ${className}` : CONTROL_CLASS}
        onChange={(e) => field.handleChange(e.target.value)}
      />
    </Field>
  );
}

/** An e-mail input: the e-mail keyboard on phones and the browser's saved addresses. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />;
}
