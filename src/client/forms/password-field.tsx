// A labelled password input with a show/hide toggle, for the current form field.
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useT } from '@/client/i18n/i18n';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { useFieldControl } from './field-error';

interface PasswordFieldProps {
  label: string;
  autoComplete: 'current-password' | 'new-password';
}

export function PasswordField({ label, autoComplete }: PasswordFieldProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const { field, error, control } = useFieldControl();
  return (
    <Field id={control.id} label={label} error={error}>
      <div className="relative">
        <input
          {...control}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          className={`${CONTROL_CLASS} pr-11`}
          onChange={(e) => field.handleChange(e.target.value)}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={t(shown ? 'field.password.hide' : 'field.password.show', {
            label: label.toLowerCase(),
          })}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-500 hover:text-slate-800"
        >
          {shown ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
    </Field>
  );
}
