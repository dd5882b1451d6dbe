// Signup step 1: Full Name, Phone Number, Age, Gender, checked by signupStep1Schema on Next.

import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { type MessageKey, useT } from '@/client/i18n/i18n';
import { signupStep1Schema } from '@/domain/auth/schema';
import { GENDERS } from '@/domain/constants';

export interface Step1Values {
  name: string;
  phone: string;
  age: string;
  gender: string;
}

export function SignupStep1({
  initial,
  onNext,
}: {
  initial: Step1Values;
  onNext: (values: Step1Values) => void;
}) {
  const t = useT();
  const genderOptions = GENDERS.map((g) => ({
    value: g,
    label: t(`signup.gender.${g}` satisfies MessageKey),
  }));
  const form = useAppForm({
    defaultValues: initial,
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<Step1Values>(signupStep1Schema) },
    onSubmit: ({ value }) => onNext(value),
  });
  return (
    <form.AppForm>
      <form.Form className="flex flex-col gap-4">
        <form.AppField name="name">
          {(field) => <field.TextField label={t('signup.name')} autoComplete="name" />}
        </form.AppField>
        <form.AppField name="phone">
          {(field) => (
            <field.TextField
              label={t('signup.phone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={t('signup.phonePlaceholder')}
            />
          )}
        </form.AppField>
        <div className="grid grid-cols-2 gap-4">
          <form.AppField name="age">
            {(field) => (
              <field.TextField label={t('signup.age')} type="number" inputMode="numeric" min={1} max={120} />
            )}
          </form.AppField>
          <form.AppField name="gender">
            {(field) => <field.SelectField label={t('signup.gender')} options={genderOptions} />}
          </form.AppField>
        </div>
        <form.SubmitButton className="mt-2 w-full">{t('signup.next')}</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
