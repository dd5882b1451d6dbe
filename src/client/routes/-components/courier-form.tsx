// The courier request form: contact fields prefilled from the session, the image check as the
// spec's alert, queued with its image; after submit the form, image and preview reset.
import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { FormElement } from '@/client/forms/form-element';
import { SelectField } from '@/client/forms/select-field';
import { EmailField, TextField } from '@/client/forms/text-field';
import { TextareaField } from '@/client/forms/textarea-field';
import { validateWith } from '@/client/forms/validate';
import { useSession } from '@/client/hooks';
import { useStore } from '@/client/hooks/store';
import { Button } from '@/client/ui/button';
import { submitCourierRequest } from '@/data';
import { PAYMENT_MODES } from '@/domain/constants';
import { checkItemImage, courierFormSchema } from '@/domain/courier/schema';
import { ImagePicker } from './image-picker';

const ID_TYPES = ['Aadhaar Card', 'PAN Card', 'Passport', 'Driving Licence', 'Voter ID'].map((t) => ({
  value: t,
  label: t,
}));
const PAYMENT_OPTIONS = PAYMENT_MODES.map((m) => ({ value: m, label: m }));

export function CourierForm() {
  const store = useStore();
  const session = useSession();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);
  const form = useForm({
    defaultValues: {
      fullName: session?.name ?? '',
      emailAddress: session?.email ?? '',
      mobileNumber: session?.phone ?? '',
      governmentIdType: '',
      governmentIdNumber: '',
      currentAddress: '',
      pinCode: '',
      itemDescription: '',
      paymentMode: '',
    },
    validators: { onSubmit: validateWith(courierFormSchema) },
    onSubmit: async ({ value, formApi }) => {
      const problem = checkItemImage(image);
      if (problem || !image) {
        setImageError(problem ?? undefined);
        window.alert(problem);
        return;
      }
      try {
        await submitCourierRequest(store, v.parse(courierFormSchema, value), image, image.name);
      } catch (err) {
        window.alert(
          err instanceof Error && err.message ? err.message : 'Submission failed. Please try again.',
        );
        return;
      }
      toast.success('Courier request submitted!');
      formApi.reset();
      setImage(null);
      setInputKey((k) => k + 1);
    },
  });
  return (
    <FormElement
      form={form}
      aria-label="Courier Service Request"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <form.Field name="fullName">
        {(f) => <TextField field={f} label="Full Name" autoComplete="name" />}
      </form.Field>
      <form.Field name="emailAddress">{(f) => <EmailField field={f} label="Email Address" />}</form.Field>
      <form.Field name="mobileNumber">
        {(f) => <TextField field={f} label="Mobile Number" type="tel" autoComplete="tel" />}
      </form.Field>
      <form.Field name="governmentIdType">
        {(f) => <SelectField field={f} label="Government ID Type" options={ID_TYPES} />}
      </form.Field>
      <form.Field name="governmentIdNumber">
        {(f) => <TextField field={f} label="Government ID Number" autoComplete="off" />}
      </form.Field>
      <form.Field name="pinCode">
        {(f) => <TextField field={f} label="PIN Code" inputMode="numeric" autoComplete="postal-code" />}
      </form.Field>
      <div className="sm:col-span-2">
        <form.Field name="currentAddress">
          {(f) => <TextareaField field={f} label="Current Address" rows={2} />}
        </form.Field>
      </div>
      <div className="sm:col-span-2">
        <form.Field name="itemDescription">
          {(f) => <TextareaField field={f} label="Item Description" rows={3} />}
        </form.Field>
      </div>
      <ImagePicker
        file={image}
        error={imageError}
        inputKey={inputKey}
        onChange={(file) => {
          setImage(file);
          setImageError(file ? (checkItemImage(file) ?? undefined) : undefined);
        }}
      />
      <form.Field name="paymentMode">
        {(f) => <SelectField field={f} label="Payment Mode" options={PAYMENT_OPTIONS} placeholder="Select" />}
      </form.Field>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <div className="flex items-end">
            <Button type="submit" busy={submitting} busyLabel="Submitting..." className="w-full">
              Submit Request
            </Button>
          </div>
        )}
      </form.Subscribe>
    </FormElement>
  );
}
