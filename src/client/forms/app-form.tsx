// The app's form hook: TanStack Form's createFormHook with the shared field components (so a
// form writes <field.TextField label=… />) and the form components every form ends with.
// Forms validate on submit first and re-validate on every change after (revalidateLogic),
// with the domain's valibot schemas passed as Standard Schema.
import { createFormHook, revalidateLogic } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { Button } from '@/client/ui/button';
import { CheckboxField } from './checkbox-field';
import { ComboboxField } from './combobox-field';
import { fieldContext, formContext, useFormContext } from './form-context';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { EmailField, TextField } from './text-field';
import { TextareaField } from './textarea-field';

/** Checked on submit, then on every change once a submit has shown the messages. */
export const submitThenChange = () => revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' });

interface FormProps {
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** The <form>: no browser bubbles (the spec's messages show beside the fields instead). */
function Form({ className, children, ...rest }: FormProps) {
  const form = useFormContext();
  return (
    <form
      noValidate
      className={className}
      aria-label={rest['aria-label']}
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      {children}
    </form>
  );
}

interface SubmitButtonProps {
  busyLabel?: string;
  /** Busy for a reason the form does not know (a redirect under way). */
  busy?: boolean;
  /** Not usable for a reason the form does not know (a flight that has left). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** The submit button, showing `busyLabel` and disabled while the submit runs. */
function SubmitButton({ busyLabel, busy = false, disabled, className, children }: SubmitButtonProps) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(s) => s.isSubmitting}>
      {(submitting) => (
        <Button
          type="submit"
          busy={submitting || busy}
          busyLabel={busyLabel}
          disabled={disabled}
          className={className}
        >
          {children}
        </Button>
      )}
    </form.Subscribe>
  );
}

export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField,
    EmailField,
    PasswordField,
    SelectField,
    TextareaField,
    ComboboxField,
    CheckboxField,
  },
  formComponents: { Form, SubmitButton },
});
