// The carrier changes a listing: price per KG, weight, departure date and time, flight number, in
// a native modal dialog. The weight cannot go below what is booked; a new time or flight tells
// every booked traveller (who may then cancel without penalty).
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'sonner';
import * as v from 'valibot';
import { useStore } from '@/client/hooks/use-store';
import { validationText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { refusalOr } from '@/client/i18n/refusals';
import type { Reference } from '@/client/routes/-components/use-reference';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { editListing, type ListingRow, serverNowKnown } from '@/data';
import { formatWeight } from '@/domain/format';
import { editListingFormSchema } from '@/domain/listing/schema';

type Values = { departure: string; time: string; flightNo: string; weight: string; cost: string };

export function EditListingDialog({
  row,
  reference,
  onClose,
}: {
  row: ListingRow;
  reference: Reference;
  onClose: () => void;
}) {
  const t = useT('carrier');
  const store = useStore();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const booked = Math.max(0, row.weight - row.available);
  const [values, setValues] = useState<Values>({
    departure: row.departure,
    time: row.time,
    flightNo: row.flightNo,
    weight: String(row.weight),
    cost: String(row.cost),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  const save = async () => {
    const schema = editListingFormSchema(
      { nowMs: serverNowKnown(store), timeZoneOf: reference.timeZoneOf },
      row.from,
    );
    const parsed = v.safeParse(schema, values);
    if (!parsed.success) {
      const flat = v.flatten<typeof schema>(parsed.issues).nested ?? {};
      setErrors(Object.fromEntries(Object.entries(flat).map(([k, m]) => [k, m?.[0]])));
      return;
    }
    if (parsed.output.weight < booked) {
      setErrors({ weight: t('carrier.edit.bookedTooMuch', { weight: formatWeight(booked) }) });
      return;
    }
    try {
      await editListing(store, row.id, parsed.output);
      const changed =
        parsed.output.departure !== row.departure ||
        parsed.output.time !== row.time ||
        parsed.output.flightNo !== row.flightNo;
      toast.success(t(changed ? 'carrier.edit.savedTold' : 'carrier.edit.saved'));
      onClose();
    } catch (err) {
      toast.error(refusalOr(err, t('carrier.edit.failed')));
    }
  };
  const field = (name: keyof Values, label: string, type: string, extra: Record<string, string> = {}) => (
    <Field id={`edit-${name}`} label={label} error={errors[name] && validationText(errors[name], t)}>
      <input
        id={`edit-${name}`}
        name={name}
        type={type}
        value={values[name]}
        onChange={(e) => setValues((x) => ({ ...x, [name]: e.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `edit-${name}-error` : undefined}
        className={CONTROL_CLASS}
        {...extra}
      />
    </Field>
  );
  return createPortal(
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('carrier.edit.title', { from: row.from, to: row.to })}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('carrier.edit.text')}</p>
      <form
        noValidate
        className="mt-4 grid grid-cols-2 gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {field('departure', t('carrier.edit.departure'), 'date')}
        {field('time', t('carrier.edit.time'), 'time')}
        <div className="col-span-2">{field('flightNo', t('carrier.edit.flightNo'), 'text')}</div>
        {field('weight', t('carrier.edit.weight'), 'number', {
          min: String(Math.max(1, booked)),
          step: 'any',
          inputMode: 'decimal',
        })}
        {field('cost', t('carrier.edit.cost'), 'number', { min: '0', step: 'any', inputMode: 'decimal' })}
        {booked > 0 ? (
          <p className="col-span-2 text-xs text-slate-600">
            {t('carrier.edit.booked', { weight: formatWeight(booked) })}
          </p>
        ) : null}
        <div className="col-span-2 mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('carrier.edit.close')}
          </Button>
          <Button type="submit">{t('carrier.edit.save')}</Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
