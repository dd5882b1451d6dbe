// How a locally written record stands with the server: waiting to send, or failed with the
// server's refusal (in the active language) and a Retry / Discard choice. Synced records show nothing.
import { CloudOff, RotateCw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { refusalMessageText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { Button } from './button';

interface SyncStateProps {
  state: 'synced' | 'pending' | 'failed';
  error?: string | null | undefined;
  onRetry?: () => void;
  onDiscard?: () => void;
  /** More ways out of a refusal, after Retry (a booking's "Book the 1 KG still free"). */
  children?: ReactNode;
}

export function SyncState({ state, error, onRetry, onDiscard, children }: SyncStateProps) {
  const t = useT();
  if (state === 'synced') return null;
  if (state === 'pending') {
    return (
      <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
        <CloudOff aria-hidden="true" className="size-3.5" />
        {t('sync.waiting')}
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <p>
        <span className="font-semibold">{t('sync.notSent')}</span>
        {error ? refusalMessageText(error, t) : t('sync.refused')}
      </p>
      <div className="flex flex-wrap gap-2">
        {onRetry ? (
          <Button variant="secondary" className="min-h-8 px-3" onClick={onRetry}>
            <RotateCw aria-hidden="true" className="size-3.5" /> {t('sync.retry')}
          </Button>
        ) : null}
        {children}
        {onDiscard ? (
          <Button variant="danger" className="min-h-8 px-3" onClick={onDiscard}>
            <Trash2 aria-hidden="true" className="size-3.5" /> {t('sync.discard')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
