// One message as the log shows it: my own with how it stands (Sending, a tick, or Not sent with
// Retry / Discard), "Seen" under the last one read, Report on the other side's; and a row of the
// log, the bubble under its day's separator.
import { Check, Clock, Flag, RotateCw, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { refusalMessageText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { Button } from '@/client/ui/button';
import type { ThreadMessage } from '@/data';
import type { Item } from './message-items';
import { timeLabel } from './thread-text';

/** What a bubble's buttons do, and the other side's name for screen readers. */
export interface Actions {
  otherName: string;
  onRetry(key: string): void;
  onDiscard(key: string): void;
  onReport(message: ThreadMessage): void;
}

function OwnStatus({ m }: { m: ThreadMessage }) {
  const t = useT('people');
  if (m.status === 'sending')
    return (
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" /> {t('people.message.sending')}
      </span>
    );
  if (m.status === 'sent')
    return (
      <span className="inline-flex items-center">
        <Check aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{t('people.message.sent')}</span>
      </span>
    );
  return null;
}

const Bubble = memo(function Bubble({
  m,
  seenHere,
  actions,
}: {
  m: ThreadMessage;
  seenHere: boolean;
  actions: Actions;
}) {
  const t = useT('people');
  const at = new Date(m.sentAt);
  const failed = m.mine && m.status === 'failed';
  const tone = failed
    ? 'bg-red-50 text-slate-900 ring-1 ring-red-300'
    : m.mine
      ? 'bg-brand-700 text-white'
      : 'bg-white text-slate-900 ring-1 ring-slate-200';
  return (
    <div className={`flex flex-col px-4 py-1 sm:px-6 ${m.mine ? 'items-end' : 'items-start'}`}>
      <div className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-sm sm:max-w-[70%] ${tone}`}>
        <span className="sr-only">{m.mine ? t('people.message.you') : actions.otherName}: </span>
        <p className="whitespace-pre-wrap break-words text-[0.9375rem] leading-snug">{m.text}</p>
        <p
          className={`mt-0.5 flex items-center justify-end gap-1.5 text-xs ${m.mine && !failed ? 'text-brand-50' : 'text-slate-600'}`}
        >
          <time dateTime={m.sentAt}>{timeLabel(at)}</time>
          {m.mine ? <OwnStatus m={m} /> : null}
        </p>
      </div>
      {failed ? (
        <div className="mt-1 flex max-w-[85%] flex-col items-end gap-1 text-sm sm:max-w-[70%]">
          <p className="text-right font-medium text-red-700">
            {t('people.message.notSent', {
              reason: m.error ? refusalMessageText(m.error, t) : t('people.message.refused'),
            })}
          </p>
          {m.outboxKey ? (
            <div className="flex gap-2">
              <Button
                variant="secondary"
                className="min-h-8 px-3"
                onClick={() => m.outboxKey && actions.onRetry(m.outboxKey)}
              >
                <RotateCw aria-hidden="true" className="size-3.5" /> {t('people.message.retry')}
              </Button>
              <Button
                variant="danger"
                className="min-h-8 px-3"
                onClick={() => m.outboxKey && actions.onDiscard(m.outboxKey)}
              >
                <Trash2 aria-hidden="true" className="size-3.5" /> {t('people.message.discard')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {seenHere ? (
        <p className="mt-0.5 text-xs font-medium text-slate-600">{t('people.message.seen')}</p>
      ) : null}
      {!m.mine && m.status === 'sent' ? (
        <button
          type="button"
          onClick={() => actions.onReport(m)}
          aria-label={t('people.message.reportLabel')}
          className="mt-0.5 inline-flex min-h-6 items-center gap-1 rounded px-1 text-xs text-slate-600 hover:text-red-700 hover:underline"
        >
          <Flag aria-hidden="true" className="size-3" /> {t('people.message.report')}
        </button>
      ) : null}
    </div>
  );
});

export function Row({ item, actions }: { item: Item; actions: Actions }) {
  return (
    <>
      {item.day ? (
        <div className="flex justify-center px-4 py-2">
          <p className="rounded-full bg-slate-100 px-3 py-0.5 text-xs font-medium text-slate-700">
            {item.day}
          </p>
        </div>
      ) : null}
      <Bubble m={item.message} seenHere={item.seenHere} actions={actions} />
    </>
  );
}
