// The frame every console list shares: a search box (searched on the server), an optional status
// filter, the rows, "Load more" while the server has more, and the empty and error states.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '@/client/i18n/i18n';
import { Button } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { CONTROL_CLASS } from '@/client/ui/field';
import { teamFailure } from './team-text';
import type { TeamPageState } from './use-team-page';

interface TeamListProps<T> {
  page: TeamPageState<T>;
  searchLabel: string;
  statuses?: { value: string; label: string }[];
  empty: string;
  children: (item: T) => ReactNode;
  keyOf: (item: T) => string;
}

export function TeamList<T>({ page, searchLabel, statuses, empty, children, keyOf }: TeamListProps<T>) {
  const id = useId();
  const t = useT('team');
  const [text, setText] = useState(page.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    page.setQ(text.trim());
  };
  return (
    <div className="flex flex-col gap-4">
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-700">
              {searchLabel}
            </label>
            <input
              id={`${id}-q`}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={CONTROL_CLASS}
            />
          </div>
          {statuses ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-700">
                {t('team.list.show')}
              </label>
              <select
                id={`${id}-status`}
                value={page.status}
                onChange={(e) => page.setStatus(e.target.value)}
                className={CONTROL_CLASS}
              >
                {statuses.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button type="submit" variant="secondary">
            {t('team.list.search')}
          </Button>
        </form>
      </search>
      {page.error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {teamFailure(page.error.cause, 'team.list.failed', t)}
        </p>
      ) : null}
      {page.items === null ? (
        <p className="text-sm text-slate-600">{t('team.loading')}</p>
      ) : page.items.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <ul className="flex flex-col gap-3">
          {page.items.map((item) => (
            <li key={keyOf(item)}>{children(item)}</li>
          ))}
        </ul>
      )}
      {page.more ? (
        <Button
          variant="secondary"
          className="self-center"
          busy={page.loading}
          busyLabel={t('team.loading')}
          onClick={page.loadMore}
        >
          {t('team.list.more')}
        </Button>
      ) : null}
    </div>
  );
}
