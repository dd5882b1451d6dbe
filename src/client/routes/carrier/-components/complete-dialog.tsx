// Complete asks for the traveller's hand-off code, typed or scanned from their QR, and, while no
// payment is recorded, whether the payment was received (UPI, cash, or not yet). The device's
// check digit catches a typo with no signal; the server decides whether the code is the right one.
import { useForm } from '@tanstack/react-form';
import { QrCode } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import * as v from 'valibot';
import { errorText } from '@/client/forms/field-error';
import { useT } from '@/client/i18n/i18n';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { handoffCodeFieldSchema } from '@/domain/handoff/schema';
import { canScanQr, QrScanner } from './qr-scanner';

const completeFormSchema = v.object({ handoffCode: handoffCodeFieldSchema });

/** The carrier's answer to "Was the payment received?". */
export type PaymentAnswer = 'upi' | 'cash' | 'not-yet';

interface CompleteDialogProps {
  travellerName: string;
  /** The amount to ask about; null when a payment is already recorded (nothing to ask). */
  askPayment: string | null;
  onComplete: (code: string, payment: PaymentAnswer) => Promise<void>;
  onCancel: () => void;
}

const PAYMENT_CHOICES = [
  ['upi', 'carrier.complete.upi'],
  ['cash', 'carrier.complete.cash'],
  ['not-yet', 'carrier.complete.notYet'],
] as const satisfies readonly (readonly [PaymentAnswer, string])[];

export function CompleteDialog({ travellerName, askPayment, onComplete, onCancel }: CompleteDialogProps) {
  const t = useT('carrier');
  const [payment, setPayment] = useState<PaymentAnswer>('not-yet');
  const titleId = useId();
  const descId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  const scannable = canScanQr();
  const form = useForm({
    defaultValues: { handoffCode: '' },
    validators: { onSubmit: completeFormSchema },
    onSubmit: async ({ value }) => onComplete(v.parse(completeFormSchema, value).handoffCode, payment),
  });
  const dialogRef = useRef<HTMLDialogElement>(null);
  // A native modal dialog: the page behind is inert, Tab stays inside, Escape cancels, and
  // closing it gives focus back to the Complete button that opened it.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    inputRef.current?.focus();
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  const scanned = useCallback(
    (code: string) => {
      setScanning(false);
      form.setFieldValue('handoffCode', code);
      void form.handleSubmit();
    },
    [form],
  );

  // In a portal: the dialog belongs to the page, not inside the order's article.
  return createPortal(
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <div>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('carrier.complete.title')}
        </h2>
        <p id={descId} className="mt-2 text-sm text-slate-600">
          {t(scannable ? 'carrier.complete.askOrScan' : 'carrier.complete.ask', { name: travellerName })}
        </p>
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void form.handleSubmit();
          }}
        >
          {scanning ? (
            <QrScanner onCode={scanned} onClose={() => setScanning(false)} />
          ) : (
            <form.Field name="handoffCode">
              {(field) => {
                const error = errorText(field.state.meta.errors);
                return (
                  <Field id="handoffCode" label={t('carrier.complete.code')} error={error}>
                    <input
                      ref={inputRef}
                      id="handoffCode"
                      name="handoffCode"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={7}
                      placeholder="123 456"
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(e) => field.handleChange(e.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? 'handoffCode-error' : undefined}
                      className={`${CONTROL_CLASS} font-mono text-lg tracking-widest`}
                    />
                  </Field>
                );
              }}
            </form.Field>
          )}
          {askPayment ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-medium text-slate-700">
                {t('carrier.complete.paid', { amount: askPayment })}
              </legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {PAYMENT_CHOICES.map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name="payment"
                      value={value}
                      checked={payment === value}
                      onChange={() => setPayment(value)}
                      className="size-4 accent-brand-600"
                    />
                    {t(label)}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {scannable && !scanning ? (
            <Button variant="secondary" onClick={() => setScanning(true)}>
              <QrCode aria-hidden="true" className="size-4" /> {t('carrier.complete.scan')}
            </Button>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel}>
              {t('carrier.complete.cancel')}
            </Button>
            <form.Subscribe selector={(s) => s.isSubmitting}>
              {(submitting) => (
                <Button type="submit" busy={submitting} busyLabel={t('carrier.complete.busy')}>
                  {t('carrier.complete.submit')}
                </Button>
              )}
            </form.Subscribe>
          </div>
        </form>
      </div>
    </dialog>,
    document.body,
  );
}
