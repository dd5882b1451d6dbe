// A labelled text-like input (text, email, tel, number, date, time) bound to a TanStack Form field.
import type { AnyFieldApi } from '@tanstack/react-form';
import type { InputHTMLAttributes } from 'react';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { fieldControlProps } from './field-error';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'name'>;

interface TextFieldProps extends InputProps {
  field: AnyFieldApi;
  label: string;
}

export function TextField({ field, label, ...input }: TextFieldProps) {
  const { error, ...control } = fieldControlProps(field);
  return (
    <Field id={control.id} label={label} error={error}>
      <input
        {...input}
        {...control}
        className={CONTROL_CLASS}
        onChange={(e) => field.handleChange(e.target.value)}
      />
    </Field>
  );
}

/** An e-mail input: the e-mail keyboard on phones and the browser's saved addresses. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />;
}
