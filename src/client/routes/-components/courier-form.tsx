// The courier request form: contact fields prefilled from the session, the image check as the
// spec's alert, queued with its image; after submit the form, image and preview reset. The
// picked photo is downscaled on the device at once (its size before and after is shown), so a
// phone photo goes up as a few hundred KB.
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useSession } from '@/client/hooks';
import { useStore } from '@/client/hooks/use-store';
import { type PreparedPhoto, preparePhoto, submitCourierRequest } from '@/data';
import { PAYMENT_MODES } from '@/domain/constants';
import { checkItemImage, courierFormSchema } from '@/domain/courier/schema';
import { ImagePicker } from './image-picker';
import { formatBytes } from './unsent-changes';

/** The picked file downscaled in the background; submit waits for it if it is still running. */
function usePreparedPhoto(file: File | null): Promise<PreparedPhoto> | null {
  const [prepared, setPrepared] = useState<Promise<PreparedPhoto> | null>(null);
  useEffect(() => {
    setPrepared(file && !checkItemImage(file) ? preparePhoto(file) : null);
  }, [file]);
  return prepared;
}

function useSettled<T>(promise: Promise<T> | null): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    setValue(null);
    void promise?.then((v) => live && setValue(v));
    return () => {
      live = false;
    };
  }, [promise]);
  return value;
}

function jpegName(name: string, type: string): string {
  return type === 'image/jpeg' && !/\.jpe?g$/i.test(name) ? `${name.replace(/\.[^.]*$/, '')}.jpg` : name;
}

const ID_TYPES = ['Aadhaar Card', 'PAN Card', 'Passport', 'Driving Licence', 'Voter ID'].map((t) => ({
  value: t,
  label: t,
}));
const PAYMENT_OPTIONS = PAYMENT_MODES.map((m) => ({ value: m, label: m }));

type CourierValues = Record<
  | 'fullName'
  | 'emailAddress'
  | 'mobileNumber'
  | 'governmentIdType'
  | 'governmentIdNumber'
  | 'currentAddress'
  | 'pinCode'
  | 'itemDescription'
  | 'paymentMode',
  string
>;

export function CourierForm() {
  const store = useStore();
  const session = useSession();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);
  const preparing = usePreparedPhoto(image);
  const prepared = useSettled(preparing);
  const form = useAppForm({
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
    validationLogic: submitThenChange(),
    validators: { onDynamic: formSchema<CourierValues>(courierFormSchema) },
    onSubmit: async ({ value, formApi }) => {
      const problem = checkItemImage(image);
      if (problem || !image) {
        setImageError(problem ?? undefined);
        window.alert(problem);
        return;
      }
      try {
        const photo = (await preparing) ?? { blob: image, originalSize: image.size };
        await submitCourierRequest(
          store,
          v.parse(courierFormSchema, value),
          photo.blob,
          jpegName(image.name, photo.blob.type),
          photo.originalSize,
        );
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
    <form.AppForm>
      <form.Form aria-label="Courier Service Request" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <form.AppField name="fullName">
          {(f) => <f.TextField label="Full Name" autoComplete="name" />}
        </form.AppField>
        <form.AppField name="emailAddress">{(f) => <f.EmailField label="Email Address" />}</form.AppField>
        <form.AppField name="mobileNumber">
          {(f) => <f.TextField label="Mobile Number" type="tel" autoComplete="tel" />}
        </form.AppField>
        <form.AppField name="governmentIdType">
          {(f) => <f.SelectField label="Government ID Type" options={ID_TYPES} />}
        </form.AppField>
        <form.AppField name="governmentIdNumber">
          {(f) => <f.TextField label="Government ID Number" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="pinCode">
          {(f) => <f.TextField label="PIN Code" inputMode="numeric" autoComplete="postal-code" />}
        </form.AppField>
        <div className="sm:col-span-2">
          <form.AppField name="currentAddress">
            {(f) => <f.TextareaField label="Current Address" rows={2} />}
          </form.AppField>
        </div>
        <div className="sm:col-span-2">
          <form.AppField name="itemDescription">
            {(f) => <f.TextareaField label="Item Description" rows={3} />}
          </form.AppField>
        </div>
        <ImagePicker
          file={image}
          error={imageError}
          inputKey={inputKey}
          sizeNote={
            image && !imageError
              ? prepared
                ? prepared.blob.size < image.size
                  ? `Photo made smaller for sending: ${formatBytes(image.size)} → ${formatBytes(prepared.blob.size)}`
                  : `Photo: ${formatBytes(image.size)}`
                : `Preparing photo (${formatBytes(image.size)})...`
              : undefined
          }
          onChange={(file) => {
            setImage(file);
            setImageError(file ? (checkItemImage(file) ?? undefined) : undefined);
          }}
        />
        <form.AppField name="paymentMode">
          {(f) => <f.SelectField label="Payment Mode" options={PAYMENT_OPTIONS} placeholder="Select" />}
        </form.AppField>
        <div className="flex items-end">
          <form.SubmitButton busyLabel="Submitting..." className="w-full">
            Submit Request
          </form.SubmitButton>
        </div>
      </form.Form>
    </form.AppForm>
  );
}
