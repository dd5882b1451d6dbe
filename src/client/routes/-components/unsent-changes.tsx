// The waiting list behind the sync line: every change not yet applied by the server, with what
// it waits for. A courier request shows its photo's upload progress; a refused change shows why
// (its refusal code in words), and a change that has kept failing for an hour shows as stuck; both with
// Retry and Discard (Discard puts back what the server last confirmed). A request refused because
// the server no longer has its photo offers "Upload the photo again" (from the device's copy).
import { RotateCcw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { refusalMessageText, validationKeyText } from '@/client/i18n/domain-text';
import { type MessageKey, type Translate, useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { type ChangeLabel, discardEntry, retryEntry, type WaitingItem } from '@/data';
import { formatFullDate } from '@/domain/format';

/** "312 KB", "2.4 MB": sizes as the courier form and this list show them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function PhotoProgress({ photo }: { photo: NonNullable<WaitingItem['photo']> }) {
  const pct = photo.size ? Math.round((photo.sent / photo.size) * 100) : 0;
  const t = useT();
  return (
    <div className="mt-1 flex items-center gap-2">
      <progress
        value={photo.sent}
        max={photo.size}
        aria-label={t('sync.photoUpload')}
        className="h-2 w-32 overflow-hidden rounded [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700"
      />
      <span className="text-slate-700">
        {t('sync.photoProgress', { pct, size: formatBytes(photo.size) })}
        {photo.originalSize > photo.size ? t('sync.photoWas', { size: formatBytes(photo.originalSize) }) : ''}
      </span>
    </div>
  );
}

/** A change's name in the active language: the data layer's label key and its parameters. */
export function changeLabelText(label: ChangeLabel, t: Translate): string {
  const values = { ...label.values };
  // A watch's day, in the language's way of writing dates.
  if (label.key === 'watch' && typeof values.date === 'string')
    values.date = formatFullDate(values.date, LOCALE);
  return t(`sync.change.${label.key}` satisfies MessageKey, values);
}

/** Why a change was refused: the broken rule of an invalid one, else its code's words. */
function reasonText(item: WaitingItem, t: Translate): string {
  if (item.invalid) return validationKeyText(item.invalid, t);
  return item.error ? refusalMessageText(item.error, t) : t('sync.refused');
}

const STATE_TEXT: Record<WaitingItem['state'], MessageKey> = {
  waiting: 'sync.state.waiting',
  uploading: 'sync.state.uploading',
  signin: 'sync.state.signin',
  stuck: 'sync.state.stuck',
  failed: 'sync.state.failed',
};

export function UnsentChanges({ items }: { items: WaitingItem[] }) {
  const store = useStore();
  const t = useT();
  return (
    <ul aria-label={t('sync.list')} className="mx-auto mt-2 flex max-w-6xl flex-col gap-2">
      {items.map((item) => {
        const needsUser = item.state === 'failed' || item.state === 'stuck';
        return (
          <li
            key={item.key}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-white px-3 py-2 text-slate-800 ring-1 ring-amber-200"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">{changeLabelText(item.label, t)}</p>
              <p className={needsUser ? 'font-medium text-red-700' : 'text-slate-700'}>
                {item.state === 'uploading' && item.photo?.sent === 0
                  ? t('sync.photoFirst')
                  : t(STATE_TEXT[item.state])}
                {item.state === 'failed' ? `: ${reasonText(item, t)}` : ''}
              </p>
              {item.photo && item.state !== 'failed' ? <PhotoProgress photo={item.photo} /> : null}
            </div>
            {needsUser ? (
              <div className="flex gap-2">
                {item.retry ? (
                  <button
                    type="button"
                    onClick={() => void retryEntry(store, item.key)}
                    className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />{' '}
                    {item.reupload ? t('sync.reupload') : t('sync.retry')}
                  </button>
                ) : null}
                <button
                  type="button"
                  onClick={async () => {
                    await discardEntry(store, item.key);
                    toast.success(t('sync.discarded'));
                  }}
                  className="inline-flex items-center gap-1 rounded-md border border-red-200 px-3 py-1.5 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
                >
                  <Trash2 aria-hidden="true" className="size-4" /> {t('sync.discard')}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
