// A labelled native select bound to a TanStack Form field, with a blank first option.
import type { AnyFieldApi } from '@tanstack/react-form';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { fieldControlProps } from './field-error';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  field: AnyFieldApi;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  onValueChange?: (value: string) => void;
}

export function SelectField({
  field,
  label,
  options,
  placeholder = 'Select',
  disabled,
  onValueChange,
}: SelectFieldProps) {
  const { error, ...control } = fieldControlProps(field);
  return (
    <Field id={control.id} label={label} error={error}>
      <select
        {...control}
        disabled={disabled}
        className={CONTROL_CLASS}
        onChange={(e) => {
          field.handleChange(e.target.value);
          onValueChange?.(e.target.value);
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
