// A destructive change asks first and says why: a native modal dialog with the reason list (one
// radio per reason), optional words (at most REASON_TEXT_MAX characters) and the change's own
// button. Escape or "Keep it" closes it with nothing changed.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '@/client/i18n/i18n';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS } from '@/client/ui/field';
import { REASON_TEXT_MAX, type Reason, type ReasonCode } from '@/domain/booking/reasons';
import { REASON_LABEL } from './reason-text';

interface ReasonDialogProps {
  title: string;
  description: ReactNode;
  reasons: readonly ReasonCode[];
  confirmLabel: string;
  onConfirm: (reason: Reason) => void;
  onCancel: () => void;
}

export function ReasonDialog({
  title,
  description,
  reasons,
  confirmLabel,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const t = useT('search');
  const titleId = useId();
  const descId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [code, setCode] = useState<ReasonCode | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
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
  const submit = () => {
    if (!code) {
      setMissing(true);
      return;
    }
    const words = text.trim();
    onConfirm(words ? { code, text: words } : { code });
  };
  return createPortal(
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div id={descId} className="mt-2 text-sm text-slate-600">
        {description}
      </div>
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset aria-describedby={missing ? `${titleId}-missing` : undefined}>
          <legend className="text-sm font-semibold text-slate-900">{t('search.reasonDialog.reason')}</legend>
          <div className="mt-2 flex flex-col gap-1.5">
            {reasons.map((r) => (
              <label key={r} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  checked={code === r}
                  onChange={() => {
                    setCode(r);
                    setMissing(false);
                  }}
                  className="size-4 accent-brand-700"
                />
                {t(REASON_LABEL[r])}
              </label>
            ))}
          </div>
          {missing ? (
            <p id={`${titleId}-missing`} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {t('search.reasonDialog.missing')}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={textId} className="text-sm font-semibold text-slate-900">
            {t('search.reasonDialog.words')}
          </label>
          <textarea
            id={textId}
            rows={3}
            maxLength={REASON_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={CONTROL_CLASS}
          />
          <p className="text-xs text-slate-600">
            {t('search.reasonDialog.count', { count: text.length, max: REASON_TEXT_MAX })}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            {t('search.reasonDialog.keep')}
          </Button>
          <Button type="submit" variant="danger">
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
