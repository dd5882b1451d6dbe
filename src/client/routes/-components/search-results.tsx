// The results column: skeletons while searching, the spec's empty states and match message,
// 'Showing X of Y results' (X counts every filtered result), and the cards in pages; a new search
// starts again at the first page.
import { Inbox, SearchX, Users } from 'lucide-react';
import { type AreaKeys, type Translate, useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { EmptyState } from '@/client/ui/empty-state';
import { SkeletonCards } from '@/client/ui/skeleton';
import { formatInstantTime } from '@/domain/format';
import type { Listing } from '@/domain/listing/schema';
import { ListingResultCard } from './listing-result-card';
import { ShowMore, usePage } from './show-more';
import type { Reference } from './use-reference';

export type SearchView =
  | { kind: 'idle' }
  /** A search from the URL, shown from the local store while it is refreshed. */
  | { kind: 'restoring' }
  | { kind: 'searching' }
  /**
   * Offline: answered by the device; `watched` from a watched route's mirror, which the server
   * confirmed at `asOf` (null: the watch itself is still waiting to be sent).
   */
  | { kind: 'results'; offline: boolean; watched?: boolean; asOf?: number | null }
  | { kind: 'message'; message: string };

interface SearchResultsProps {
  view: SearchView;
  all: readonly Listing[];
  shown: readonly Listing[];
  reference: Reference;
  onBook: (listing: Listing) => void;
}

export function SearchResults({ view, all, shown, reference, onBook }: SearchResultsProps) {
  const t = useT('search');
  if (view.kind === 'idle') {
    return (
      <EmptyState icon={<Inbox className="size-10" />} title={t('search.results.idle.title')}>
        {t('search.results.idle.text')}
      </EmptyState>
    );
  }
  if (view.kind === 'searching' || view.kind === 'restoring')
    return <SkeletonCards count={3} label={t('search.results.loading')} />;
  if (view.kind === 'message') {
    return (
      <EmptyState icon={<Users className="size-10" />} title={t('search.results.none')}>
        {/* The server's English words are never shown: the catalogue has the sentence in each language. */}
        <p>{t('search.results.noMatch')}</p>
        <p className="mt-1 font-medium text-brand-800">{t('search.results.teamWillContact')}</p>
      </EmptyState>
    );
  }
  if (all.length === 0) {
    return (
      <EmptyState icon={<SearchX className="size-10" />} title={t('search.results.none')}>
        {view.offline ? t('search.results.noneOffline') : null}
      </EmptyState>
    );
  }
  return (
    <section aria-label={t('search.results.label')} className="flex flex-col gap-3">
      <p role="status" className="text-sm text-slate-600">
        {t('search.results.showing', { shown: shown.length, total: all.length })}
        {view.offline ? ` · ${offlineNote(view, t)}` : ''}
      </p>
      {shown.length === 0 ? (
        <EmptyState icon={<SearchX className="size-10" />} title={t('search.results.noneFiltered')}>
          {t('search.results.noneFilteredText')}
        </EmptyState>
      ) : (
        <PagedResults shown={shown} reference={reference} onBook={onBook} />
      )}
    </section>
  );
}

/** Where an answer from the device comes from, and how fresh it is: "as of 14:05" the same day,
 * "as of 22 Nov, 14:05" another day, in the device's zone. */
function offlineNote(
  view: { watched?: boolean; asOf?: number | null },
  t: Translate<AreaKeys['search']>,
): string {
  if (!view.watched || view.asOf == null) return t('search.results.offlineNote');
  const time = formatInstantTime(view.asOf, LOCALE);
  const day = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short' });
  const date = day.format(view.asOf);
  return date === day.format(Date.now())
    ? t('search.results.watchedNote', { time })
    : t('search.results.watchedNoteDay', { date, time });
}

function PagedResults({ shown, reference, onBook }: Omit<SearchResultsProps, 'view' | 'all'>) {
  const page = usePage(shown);
  return (
    <>
      <ul className="flex flex-col gap-3">
        {page.visible.map((l) => (
          <li key={l.id}>
            <ListingResultCard listing={l} reference={reference} onBook={onBook} />
          </li>
        ))}
      </ul>
      <ShowMore remaining={page.remaining} onClick={page.showMore} />
    </>
  );
}
