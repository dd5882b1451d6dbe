// A labelled native select for the current form field, with a blank first option.
import { useT } from '@/client/i18n/i18n';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { useFieldControl } from './field-error';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
}

export function SelectField({ label, options, placeholder, disabled }: SelectFieldProps) {
  const t = useT();
  const { field, error, control } = useFieldControl();
  return (
    <Field id={control.id} label={label} error={error}>
      <select
        {...control}
        disabled={disabled}
        className={CONTROL_CLASS}
        onChange={(e) => field.handleChange(e.target.value)}
      >
        <option value="">{placeholder ?? t('common.select')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
