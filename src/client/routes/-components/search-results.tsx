// The results column: skeletons while searching, the spec's empty states and match message,
// 'Showing X of Y results' (X counts every filtered result), and the cards in pages; a new search
// starts again at the first page.
import { Inbox, SearchX, Users } from 'lucide-react';
import { LOCALE } from '@/client/locale';
import { EmptyState } from '@/client/ui/empty-state';
import { SkeletonCards } from '@/client/ui/skeleton';
import { formatAsOf } from '@/domain/format';
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
  if (view.kind === 'idle') {
    return (
      <EmptyState icon={<Inbox className="size-10" />} title="Search a flight to see who can carry for you">
        Pick your route, date and flight above.
      </EmptyState>
    );
  }
  if (view.kind === 'searching' || view.kind === 'restoring')
    return <SkeletonCards count={3} label="Searching listings" />;
  if (view.kind === 'message') {
    return (
      <EmptyState icon={<Users className="size-10" />} title="No listings found matching your criteria">
        <p>{view.message}</p>
        <p className="mt-1 font-medium text-brand-800">
          Our Team will contact you as soon as we find a match.
        </p>
      </EmptyState>
    );
  }
  if (all.length === 0) {
    return (
      <EmptyState icon={<SearchX className="size-10" />} title="No listings found matching your criteria">
        {view.offline ? "You're offline, and no earlier search saw listings for this flight." : null}
      </EmptyState>
    );
  }
  return (
    <section aria-label="Results" className="flex flex-col gap-3">
      <p role="status" className="text-sm text-slate-600">
        Showing {shown.length} of {all.length} results
        {view.offline ? ` · ${offlineNote(view)}` : ''}
      </p>
      {shown.length === 0 ? (
        <EmptyState icon={<SearchX className="size-10" />} title="No listings match your current filters">
          Try adjusting your budget or weight filters to see more results
        </EmptyState>
      ) : (
        <PagedResults shown={shown} reference={reference} onBook={onBook} />
      )}
    </section>
  );
}

/** Where an answer from the device comes from, and how fresh it is. */
function offlineNote(view: { watched?: boolean; asOf?: number | null }): string {
  if (view.watched && view.asOf != null)
    return `from your watched route, ${formatAsOf(view.asOf, Date.now(), undefined, LOCALE)}`;
  return 'offline, from your earlier searches';
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
