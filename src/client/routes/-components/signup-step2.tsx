// Signup step 2: Email Address, Password, Re-Enter Password, with Back and Sign Up.

import { useForm } from '@tanstack/react-form';
import { FormElement } from '@/client/forms/form-element';
import { PasswordField } from '@/client/forms/password-field';
import { EmailField } from '@/client/forms/text-field';
import { validateWith } from '@/client/forms/validate';
import { Button } from '@/client/ui/button';
import { signupStep2Schema } from '@/domain/auth/schema';

export interface Step2Values {
  email: string;
  password: string;
  confirmPassword: string;
}

interface SignupStep2Props {
  onBack: () => void;
  onSubmit: (values: Step2Values) => Promise<void>;
}

export function SignupStep2({ onBack, onSubmit }: SignupStep2Props) {
  const form = useForm({
    defaultValues: { email: '', password: '', confirmPassword: '' } as Step2Values,
    validators: { onSubmit: validateWith(signupStep2Schema) },
    onSubmit: ({ value }) => onSubmit(value),
  });
  return (
    <FormElement form={form} className="flex flex-col gap-4">
      <form.Field name="email">{(field) => <EmailField field={field} label="Email Address" />}</form.Field>
      <form.Field name="password">
        {(field) => <PasswordField field={field} label="Password" autoComplete="new-password" />}
      </form.Field>
      <form.Field name="confirmPassword">
        {(field) => <PasswordField field={field} label="Re-Enter Password" autoComplete="new-password" />}
      </form.Field>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <div className="mt-2 grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={onBack} disabled={submitting}>
              Back
            </Button>
            <Button type="submit" busy={submitting} busyLabel="Signing up...">
              Sign Up
            </Button>
          </div>
        )}
      </form.Subscribe>
    </FormElement>
  );
}
