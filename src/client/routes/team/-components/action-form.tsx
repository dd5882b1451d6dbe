// A console write: the reason (kept in the audit log, required by the server too), optional
// fields above it, and one button per action. The server's answer is toasted; a refusal shows
// its message in place.
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS, FieldError } from '@/client/ui/field';

export interface Action {
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (action: Action) => {
    if (!reason.trim()) {
      setError('Say why: the reason goes into the audit log.');
      return;
    }
    setBusy(action.label);
    setError(undefined);
    try {
      toast.success(await action.run(reason.trim()));
      setReason('');
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'That did not work. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-slate-100 pt-3">
      {children}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-700">
          Reason (kept in the audit log)
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
            busyLabel="Working..."
            onClick={() => void run(a)}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
