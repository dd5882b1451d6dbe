// Signup step 1: Full Name, Phone Number, Age, Gender, checked by signupStep1Schema on Next.

import { useForm } from '@tanstack/react-form';
import { FormElement } from '@/client/forms/form-element';
import { SelectField } from '@/client/forms/select-field';
import { TextField } from '@/client/forms/text-field';
import { validateWith } from '@/client/forms/validate';
import { Button } from '@/client/ui/button';
import { signupStep1Schema } from '@/domain/auth/schema';
import { GENDERS } from '@/domain/constants';

export interface Step1Values {
  name: string;
  phone: string;
  age: string;
  gender: string;
}

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: g.charAt(0).toUpperCase() + g.slice(1) }));

export function SignupStep1({
  initial,
  onNext,
}: {
  initial: Step1Values;
  onNext: (values: Step1Values) => void;
}) {
  const form = useForm({
    defaultValues: initial,
    validators: { onSubmit: validateWith(signupStep1Schema) },
    onSubmit: ({ value }) => onNext(value),
  });
  return (
    <FormElement form={form} className="flex flex-col gap-4">
      <form.Field name="name">
        {(field) => <TextField field={field} label="Full Name" autoComplete="name" />}
      </form.Field>
      <form.Field name="phone">
        {(field) => (
          <TextField
            field={field}
            label="Phone Number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="10 digits"
          />
        )}
      </form.Field>
      <div className="grid grid-cols-2 gap-4">
        <form.Field name="age">
          {(field) => (
            <TextField field={field} label="Age" type="number" inputMode="numeric" min={1} max={120} />
          )}
        </form.Field>
        <form.Field name="gender">
          {(field) => <SelectField field={field} label="Gender" options={GENDER_OPTIONS} />}
        </form.Field>
      </div>
      <Button type="submit" className="mt-2 w-full">
        Next
      </Button>
    </FormElement>
  );
}
