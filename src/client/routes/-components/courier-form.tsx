// The courier request form: contact fields prefilled from the session; the trip (route, date
// window, weight, category, declared value), the recipient, the Government ID with why it is asked
// and who sees it, the image check as the spec's alert, the payment mode and the declarations;
// every missing field is shown at once on submit. Queued with its image (it works offline); after
// submit the form, image and preview reset and a note says what happens next, with a link to the
// request. The picked photo is downscaled on the device at once
// (its size before and after is shown), so a phone photo goes up as a few hundred KB.

import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { submitThenChange, useAppForm } from '@/client/forms/app-form';
import { lazyFormSchema } from '@/client/forms/form-schema';
import { RouteFields } from '@/client/forms/route-fields';
import { useSession } from '@/client/hooks';
import { useStore } from '@/client/hooks/use-store';
import { validationText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { failureText } from '@/client/i18n/refusals';
import { ApiError, type PreparedPhoto, preparePhoto, submitCourierRequest } from '@/data';
import { PAYMENT_MODES } from '@/domain/constants';
import { ITEM_CATEGORIES } from '@/domain/courier/categories';
import { checkItemImage, courierFormSchemaAt } from '@/domain/courier/schema';
import { todayIn } from '@/domain/listing/departure';
import { categoryText, ID_TYPES, PAYMENT_TEXT } from './courier-text';
import { ImagePicker } from './image-picker';
import { formatBytes } from './unsent-changes';
import type { Reference } from './use-reference';

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

type CourierValues = Record<
  | 'fullName'
  | 'emailAddress'
  | 'mobileNumber'
  | 'governmentIdType'
  | 'governmentIdNumber'
  | 'currentAddress'
  | 'pinCode'
  | 'itemDescription'
  | 'paymentMode'
  | 'from'
  | 'to'
  | 'firstDay'
  | 'lastDay'
  | 'weight'
  | 'declaredValue'
  | 'recipientName'
  | 'recipientPhone'
  | 'itemCategory',
  string
> & { declarations: { noIllegalItems: boolean; termsAgreed: boolean; selfResponsibility: boolean } };

const SECTION = 'sm:col-span-2 mt-2 border-t border-slate-100 pt-4 text-base font-semibold text-slate-900';

/** Why the Government ID is asked and who sees it (issue 30; docs/security.md). */
function IdNotice() {
  const t = useT('sender');
  return (
    <div id="government-id-why" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600 sm:col-span-2">
      <p>
        <span className="font-medium text-slate-800">{t('sender.form.whyTitle')}</span>
        {t('sender.form.whyText')}
      </p>
      <p className="mt-1">
        <span className="font-medium text-slate-800">{t('sender.form.whoTitle')}</span>
        {t('sender.form.whoText')}
      </p>
    </div>
  );
}

export function CourierForm({ reference }: { reference: Pick<Reference, 'airportOptions'> }) {
  const store = useStore();
  const session = useSession();
  const t = useT('sender');
  const idTypes = ID_TYPES.map((x) => ({ value: x.value, label: t(x.label) }));
  const paymentOptions = PAYMENT_MODES.map((m) => ({ value: m, label: t(PAYMENT_TEXT[m]) }));
  // Forbidden ones stay in the list, marked, so a sender learns the rule when picking one.
  const categoryOptions = ITEM_CATEGORIES.map((c) => ({
    value: c.value,
    label: c.forbiddenBy
      ? t('sender.category.forbidden', { label: categoryText(c.value, t) })
      : categoryText(c.value, t),
  }));
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);
  /** The request just submitted: what happens next, and its page. */
  const [sent, setSent] = useState<{ id: string; route: string } | null>(null);
  const preparing = usePreparedPhoto(image);
  const today = todayIn(Date.now());
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
      from: '',
      to: '',
      firstDay: '',
      lastDay: '',
      weight: '',
      declaredValue: '',
      recipientName: '',
      recipientPhone: '',
      itemCategory: '',
      declarations: { noIllegalItems: false, termsAgreed: false, selfResponsibility: false },
    } as CourierValues,
    validationLogic: submitThenChange(),
    validators: { onDynamic: lazyFormSchema<CourierValues>(() => courierFormSchemaAt(todayIn(Date.now()))) },
    // Every missing field shows at once: the image's message too, beside the others.
    onSubmitInvalid: () => setImageError(checkItemImage(image) ?? undefined),
    onSubmit: async ({ value, formApi }) => {
      const problem = checkItemImage(image);
      if (problem || !image) {
        setImageError(problem ?? undefined);
        window.alert(problem ? validationText(problem, t) : problem);
        return;
      }
      let id: string;
      try {
        const photo = (await preparing) ?? { blob: image, originalSize: image.size };
        ({ id } = await submitCourierRequest(
          store,
          v.parse(courierFormSchemaAt(todayIn(Date.now())), value),
          photo.blob,
          jpegName(image.name, photo.blob.type),
          photo.originalSize,
        ));
      } catch (err) {
        // A refusal by its code; a check on the device by its message's key.
        window.alert(
          err instanceof ApiError
            ? failureText(err, t)
            : err instanceof Error && err.message
              ? validationText(err.message, t)
              : t('sender.form.failed'),
        );
        return;
      }
      toast.success(t('sender.form.submitted'));
      setSent({ id, route: `${value.from} → ${value.to}` });
      formApi.reset();
      setImage(null);
      setInputKey((k) => k + 1);
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-label={t('sender.form.label')} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <form.AppField name="fullName">
          {(f) => <f.TextField label={t('sender.form.fullName')} autoComplete="name" />}
        </form.AppField>
        <form.AppField name="emailAddress">
          {(f) => <f.EmailField label={t('sender.form.email')} />}
        </form.AppField>
        <form.AppField name="mobileNumber">
          {(f) => <f.TextField label={t('sender.form.mobile')} type="tel" autoComplete="tel" />}
        </form.AppField>
        <h2 className={SECTION}>{t('sender.form.trip')}</h2>
        <RouteFields
          form={form}
          fields={{ from: 'from', to: 'to' }}
          airports={reference.airportOptions}
          fromPlaceholder={t('sender.form.placePlaceholder')}
          toPlaceholder={t('sender.form.placePlaceholder')}
        />
        <form.AppField name="firstDay">
          {(f) => <f.TextField label={t('sender.form.firstDay')} type="date" min={today} />}
        </form.AppField>
        <form.AppField name="lastDay">
          {(f) => <f.TextField label={t('sender.form.lastDay')} type="date" min={today} />}
        </form.AppField>
        <form.AppField name="weight">
          {(f) => (
            <f.TextField
              label={t('sender.form.weight')}
              type="number"
              inputMode="decimal"
              min="0.1"
              step="0.1"
            />
          )}
        </form.AppField>
        <form.AppField name="itemCategory">
          {(f) => <f.SelectField label={t('sender.form.category')} options={categoryOptions} />}
        </form.AppField>
        <form.AppField name="declaredValue">
          {(f) => <f.TextField label={t('sender.form.value')} type="number" inputMode="numeric" min="0" />}
        </form.AppField>
        <div className="sm:col-span-2">
          <form.AppField name="itemDescription">
            {(f) => <f.TextareaField label={t('sender.form.description')} rows={3} />}
          </form.AppField>
        </div>
        <h2 className={SECTION}>{t('sender.form.recipient')}</h2>
        <form.AppField name="recipientName">
          {(f) => <f.TextField label={t('sender.form.recipientName')} autoComplete="off" />}
        </form.AppField>
        <form.AppField name="recipientPhone">
          {(f) => <f.TextField label={t('sender.form.recipientPhone')} type="tel" autoComplete="off" />}
        </form.AppField>
        <h2 className={SECTION}>{t('sender.form.governmentId')}</h2>
        <IdNotice />
        <form.AppField name="governmentIdType">
          {(f) => <f.SelectField label={t('sender.form.idType')} options={idTypes} />}
        </form.AppField>
        <form.AppField name="governmentIdNumber">
          {(f) => <f.TextField label={t('sender.form.idNumber')} autoComplete="off" />}
        </form.AppField>
        <form.AppField name="pinCode">
          {(f) => (
            <f.TextField label={t('sender.form.pinCode')} inputMode="numeric" autoComplete="postal-code" />
          )}
        </form.AppField>
        <div className="sm:col-span-2">
          <form.AppField name="currentAddress">
            {(f) => <f.TextareaField label={t('sender.form.address')} rows={2} />}
          </form.AppField>
        </div>
        <h2 className={SECTION}>{t('sender.form.itemPayment')}</h2>
        <ImagePicker
          file={image}
          error={imageError}
          inputKey={inputKey}
          sizeNote={
            image && !imageError
              ? prepared
                ? prepared.blob.size < image.size
                  ? t('sender.image.smaller', {
                      from: formatBytes(image.size),
                      to: formatBytes(prepared.blob.size),
                    })
                  : t('sender.image.size', { size: formatBytes(image.size) })
                : t('sender.image.preparing', { size: formatBytes(image.size) })
              : undefined
          }
          onChange={(file) => {
            setImage(file);
            setImageError(file ? (checkItemImage(file) ?? undefined) : undefined);
          }}
        />
        <form.AppField name="paymentMode">
          {(f) => (
            <f.SelectField
              label={t('sender.form.payment')}
              options={paymentOptions}
              placeholder={t('sender.form.select')}
            />
          )}
        </form.AppField>
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('sender.form.declarations')}</legend>
          <form.AppField name="declarations.noIllegalItems">
            {(f) => <f.CheckboxField label={t('sender.form.noIllegalItems')} />}
          </form.AppField>
          <form.AppField name="declarations.termsAgreed">
            {(f) => <f.CheckboxField label={t('sender.form.terms')} />}
          </form.AppField>
          <form.AppField name="declarations.selfResponsibility">
            {(f) => <f.CheckboxField label={t('sender.form.responsible')} />}
          </form.AppField>
        </fieldset>
        <div className="flex items-end sm:col-span-2">
          <form.SubmitButton busyLabel={t('sender.form.submitting')} className="w-full sm:w-auto">
            {t('sender.form.submit')}
          </form.SubmitButton>
        </div>
        {sent ? (
          <div
            role="status"
            className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm sm:col-span-2"
          >
            <p className="font-semibold text-slate-900">
              {t('sender.form.sentTitle', { route: sent.route })}
            </p>
            <p className="mt-1 text-slate-700">{t('sender.form.sentNext')}</p>
            <Link
              to="/courier-requests/$id"
              params={{ id: sent.id }}
              className="mt-2 inline-block font-medium text-brand-700 underline"
            >
              {t('sender.form.viewRequest')}
            </Link>
          </div>
        ) : null}
        <p className="text-sm text-slate-600 sm:col-span-2">
          {t('sender.form.followBefore')}
          <Link to="/courier-requests" className="font-medium text-brand-700 underline">
            {t('sender.myRequests')}
          </Link>
          {t('sender.form.followAfter')}
        </p>
      </form.Form>
    </form.AppForm>
  );
}
