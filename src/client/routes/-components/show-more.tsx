// Long lists in pages: the first rows, and a 'Show more' button that reveals the next page and
// says how many remain. Remount the list (a React key) to start again from the first page.

import { useState } from 'react';
import { useT } from '@/client/i18n/i18n';

export const PAGE_SIZE = 50;

/** The first `limit` rows of `rows`, and how to reveal the next page. */
/** `mustShow`: an index the first pages must reach (a linked booking); -1 for none. */
export function usePage<T>(rows: readonly T[], mustShow = -1) {
  const [shown, setLimit] = useState(PAGE_SIZE);
  const limit = Math.max(shown, (Math.floor(mustShow / PAGE_SIZE) + 1) * PAGE_SIZE);
  return {
    visible: rows.length > limit ? rows.slice(0, limit) : rows,
    remaining: Math.max(0, rows.length - limit),
    showMore: () => setLimit((l) => l + PAGE_SIZE),
  };
}

export function ShowMore({ remaining, onClick }: { remaining: number; onClick: () => void }) {
  const t = useT('people');
  if (remaining <= 0) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      className="self-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {t('people.list.showMore', { count: remaining })}
    </button>
  );
}
