// Signup step 2: Email Address, Password, Re-Enter Password, with Back and Sign Up.

import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useT } from '@/client/i18n/i18n';
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
  const t = useT();
  const form = useAppForm({
    defaultValues: { email: '', password: '', confirmPassword: '' } as Step2Values,
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<Step2Values>(signupStep2Schema) },
    onSubmit: ({ value }) => onSubmit(value),
  });
  return (
    <form.AppForm>
      <form.Form className="flex flex-col gap-4">
        <form.AppField name="email">
          {(field) => <field.EmailField label={t('signup.email')} />}
        </form.AppField>
        <form.AppField name="password">
          {(field) => <field.PasswordField label={t('signup.password')} autoComplete="new-password" />}
        </form.AppField>
        <form.AppField name="confirmPassword">
          {(field) => <field.PasswordField label={t('signup.confirm')} autoComplete="new-password" />}
        </form.AppField>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <form.Subscribe selector={(s) => s.isSubmitting}>
            {(submitting) => (
              <Button variant="secondary" onClick={onBack} disabled={submitting}>
                {t('signup.back')}
              </Button>
            )}
          </form.Subscribe>
          <form.SubmitButton busyLabel={t('signup.busy')}>{t('signup.submit')}</form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
