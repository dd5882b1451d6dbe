// The messages of a thread, oldest first with the newest at the bottom, a separator for each day
// (the device's time zone); each bubble in message-bubble.tsx, reporting one asks first here. A
// short thread renders every row (plain-log.tsx); a long one (past VIRTUAL_FROM messages, or more
// than the newest page the screen reads first) only the rows on screen (virtual-log.tsx), so a
// thread of thousands opens and scrolls at the cost of what is on screen.
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { ThreadWindow } from '@/client/hooks/use-messages';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import {
  blockUser,
  discardEntry,
  reportMessage,
  retryEntry,
  type ThreadInfo,
  type ThreadMessage,
} from '@/data';
import { type ReportChoice, ReportDialog } from '../../-components/report-dialog';
import { reportedText } from '../../-components/report-person';
import type { Actions } from './message-bubble';
import { itemsOf } from './message-items';
import { LogFrame, PlainLog } from './plain-log';
import { otherNameOf } from './thread-text';
import { VirtualLog } from './virtual-log';

/** Threads longer than this render only the rows on screen. */
export const VIRTUAL_FROM = 300;

export function MessageLog({ info, thread }: { info: ThreadInfo; thread: ThreadWindow }) {
  const store = useStore();
  const t = useT('people');
  const { messages, hasOlder } = thread;
  const otherName = otherNameOf(info, t);
  const [reporting, setReporting] = useState<ThreadMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = useMemo<Actions>(
    () => ({
      otherName,
      onRetry: (key) => void retryEntry(store, key),
      onDiscard: (key) => {
        void discardEntry(store, key).then(() => toast.success(t('people.message.discarded')));
      },
      onReport: setReporting,
    }),
    [store, otherName, t],
  );
  // Day labels ("Today") are worked out when the thread (or the language) changes, which is often enough.
  const items = useMemo(() => itemsOf(messages ?? [], new Date(), t), [messages, t]);
  const closeReport = useCallback(() => setReporting(null), []);
  // Long once, long for good: reading the last older page does not swap the list under the reader.
  const [long, setLong] = useState(false);
  if (!long && messages && (hasOlder || messages.length > VIRTUAL_FROM)) setLong(true);

  // The other side's address, for "Also block this person": the carrier's on my bookings, the
  // traveller's on my orders.
  const otherEmail =
    (info.side === 'traveller' ? info.booking.carrierEmail : info.booking.email) ||
    info.booking.contact?.email ||
    '';
  const confirmReport = async (choice: ReportChoice) => {
    if (!reporting) return;
    setBusy(true);
    // Both queued like every change: accepted offline, sent once when the link is back.
    const result = await reportMessage(store, reporting.id, choice.details, choice.reason).catch(() => null);
    const blocked =
      result?.ok && choice.block && otherEmail
        ? await blockUser(store, { email: otherEmail }).catch(() => null)
        : null;
    setBusy(false);
    setReporting(null);
    if (result?.ok && (!choice.block || blocked?.ok))
      toast.success(reportedText(choice.block, navigator.onLine, true, t));
    else toast.error(t('people.message.reportFailed'));
  };

  // One frame from "Loading" through "No messages yet" to the rows of a short thread: the polite
  // live region stays the same element, so a screen reader that was told of it announces the first
  // messages (a region put in with its text already inside is not announced).
  let body: ReactNode;
  if (!messages)
    body = <p className="px-4 py-8 text-center text-sm text-slate-600">{t('people.thread.loading')}</p>;
  else if (messages.length === 0)
    body = (
      <p className="px-4 py-8 text-center text-sm text-slate-600">
        {t('people.thread.empty', { name: otherName })}
      </p>
    );
  else body = <PlainLog items={items} messages={messages} actions={actions} />;
  return (
    <>
      {messages && (long || hasOlder || messages.length > VIRTUAL_FROM) ? (
        <VirtualLog items={items} messages={messages} thread={thread} actions={actions} />
      ) : (
        <LogFrame live>{body}</LogFrame>
      )}
      {reporting ? (
        <ReportDialog
          title={t('people.message.reportTitle')}
          canBlock={otherEmail !== ''}
          busy={busy}
          onSubmit={(choice) => void confirmReport(choice)}
          onCancel={closeReport}
        />
      ) : null}
    </>
  );
}
