// The log's frame (a polite live region while every row is rendered) and the plain log of a
// short thread: every row rendered, the newest kept in view, inside the frame MessageLog keeps.
import { type ReactNode, useCallback } from 'react';
import { useT } from '@/client/i18n/i18n';
import type { ThreadMessage } from '@/data';
import { type Actions, Row } from './message-bubble';
import type { Item } from './message-items';
import { useStickToBottom } from './stick-to-bottom';

export function LogFrame({ children, live }: { children: ReactNode; live: boolean }) {
  const t = useT('people');
  return (
    <div
      role="log"
      aria-live={live ? 'polite' : 'off'}
      aria-label={t('people.thread.log')}
      className="flex flex-1 flex-col justify-end bg-slate-50 py-2"
    >
      {children}
    </div>
  );
}

export function PlainLog({
  items,
  messages,
  actions,
}: {
  items: Item[];
  messages: ThreadMessage[];
  actions: Actions;
}) {
  const toEnd = useCallback(() => window.scrollTo?.({ top: document.documentElement.scrollHeight }), []);
  useStickToBottom(messages, toEnd);
  return items.map((item) => <Row key={item.key} item={item} actions={actions} />);
}
