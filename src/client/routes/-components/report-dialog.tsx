// Reporting someone (issue 30): a reason from the list, words of one's own, and, where it can,
// blocking them too (no new bookings or messages between the two). Escape or Cancel closes it.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/client/i18n/i18n';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS } from '@/client/ui/field';
import { REPORT_REASON_KEYS, type ReportReason } from '@/domain/team/reasons';

export interface ReportChoice {
  reason: ReportReason;
  details: string;
  block: boolean;
}

interface ReportDialogProps {
  title: string;
  /** Offer "Also block this person" (a report of a booking's other side). */
  canBlock?: boolean;
  busy: boolean;
  onSubmit: (choice: ReportChoice) => void;
  onCancel: () => void;
}

export function ReportDialog({ title, canBlock = false, busy, onSubmit, onCancel }: ReportDialogProps) {
  const t = useT('people');
  const id = useId();
  const first = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const [block, setBlock] = useState(false);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ reason, details: details.trim(), block });
  };
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('people.report.intro')}</p>
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-700">
              {t('people.report.reason')}
            </label>
            <select
              ref={first}
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value as ReportReason)}
              className={CONTROL_CLASS}
            >
              {REPORT_REASON_KEYS.map((value) => (
                <option key={value} value={value}>
                  {t(`people.report.reason.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-details`} className="text-sm font-medium text-slate-700">
              {t('people.report.details')}
            </label>
            <textarea
              id={`${id}-details`}
              rows={3}
              maxLength={500}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              className={CONTROL_CLASS}
            />
          </div>
          {canBlock ? (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={block}
                onChange={(e) => setBlock(e.target.checked)}
                className="size-4"
              />
              {t('people.report.alsoBlock')}
            </label>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {t('people.report.cancel')}
            </Button>
            <Button type="submit" variant="danger" busy={busy} busyLabel={t('people.report.busy')}>
              {t('people.report.submit')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
