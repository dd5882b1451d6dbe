// A console write: the reason (kept in the audit log, required by the server too), optional
// fields above it, and one button per action. What the action answers (its words, in the user's
// language) is toasted; a refusal shows in place, read from its code.
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { useT } from '@/client/i18n/i18n';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS, FieldError } from '@/client/ui/field';
import { teamFailure } from './team-text';

export interface Action {
  /** The button's words, already in the user's language. */
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
  /** Runs the action; resolves to the words that say it is done (toasted). */
  run: (reason: string) => Promise<string>;
}

interface ActionFormProps {
  actions: Action[];
  onDone: () => void;
  children?: ReactNode;
  /** Whether the form's own fields are ready (a reply written). */
  ready?: boolean;
}

export function ActionForm({ actions, onDone, children, ready = true }: ActionFormProps) {
  const id = useId();
  const t = useT('team');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (action: Action) => {
    if (!reason.trim()) {
      setError(t('team.action.needReason'));
      return;
    }
    setBusy(action.label);
    setError(undefined);
    try {
      toast.success(await action.run(reason.trim()));
      setReason('');
      onDone();
    } catch (err) {
      setError(teamFailure(err, 'team.action.failed', t));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-slate-100 pt-3">
      {children}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-700">
          {t('team.action.reason')}
        </label>
        <input
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={CONTROL_CLASS}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <Button
            key={a.label}
            variant={a.variant ?? 'primary'}
            disabled={!ready || busy !== null}
            busy={busy === a.label}
            busyLabel={t('team.action.busy')}
            onClick={() => void run(a)}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
