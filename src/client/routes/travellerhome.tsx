// Listing search (/travellerhome): the hero, the search form, the filter sidebar (toggled on
// phones, always shown from md) and the results, read from the local store by search key.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { saveBookingDraft } from '@/client/booking-draft';
import { useStore } from '@/client/hooks/store';
import { useSearchResults } from '@/client/hooks/use-search';
import { useSession } from '@/client/hooks/use-session';
import { Card } from '@/client/ui/card';
import { ReferenceFailed } from '@/client/ui/reference-failed';
import { SkeletonCards } from '@/client/ui/skeleton';
import { searchListings } from '@/data';
import { filterListings } from '@/domain/listing/filters';
import { type Listing, type SearchFormValues, todayIn } from '@/domain/listing/schema';
import { MSG } from '@/domain/messages';
import { NO_FILTERS, SearchFilters } from './-components/search-filters';
import { SearchForm } from './-components/search-form';
import { SearchResults, type SearchView } from './-components/search-results';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/travellerhome')({ component: TravellerHome });

function TravellerHome() {
  const store = useStore();
  const session = useSession();
  const reference = useReference();
  const navigate = useNavigate();
  const [view, setView] = useState<SearchView>({ kind: 'idle' });
  const [searchKey, setSearchKey] = useState<string | null>(null);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const results = useSearchResults(searchKey) ?? [];
  const today = todayIn(Date.now());

  const ownEmail = session?.email ?? null;
  const all = useMemo(
    () => filterListings(results, { budgets: [], weights: [], ownEmail }),
    [results, ownEmail],
  );
  const shown = useMemo(() => filterListings(all, { ...filters, ownEmail }), [all, filters, ownEmail]);

  async function onSearch(values: SearchFormValues) {
    if (!session?.email || !session.name || !session.phone) {
      toast.error(MSG.userInfoMissing);
      return;
    }
    setSearchKey(null);
    setFilters(NO_FILTERS);
    setView({ kind: 'searching' });
    try {
      const outcome = await searchListings(store, values);
      setSearchKey(outcome.searchKey);
      if (outcome.kind === 'message') {
        setView({ kind: 'message', message: outcome.message });
        toast.info('No direct matches found. Our team will contact you soon!');
        return;
      }
      setView({ kind: 'results', offline: outcome.kind === 'offline' });
      if (outcome.count === 0) toast.info('No listings found matching your criteria.');
      else toast.success(`Found ${outcome.count} listing(s)!`);
    } catch (err) {
      setView({ kind: 'idle' });
      toast.error(
        err instanceof Error && err.message === MSG.userInfoMissing
          ? MSG.userInfoMissing
          : 'Search failed. Please try again.',
      );
    }
  }

  // Stable, so a result card re-renders only when its own listing changes.
  const onBook = useCallback(
    (listing: Listing) => {
      saveBookingDraft(listing);
      void navigate({ to: '/booking', state: { listing } });
    },
    [navigate],
  );

  return (
    <div className="flex flex-col">
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 px-4 pt-8 pb-20 text-white sm:px-6">
        <div className="mx-auto max-w-6xl">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Can't Carry Your Luggage?</h1>
          <p className="mt-2 text-brand-100 sm:text-lg">Find Someone To Carry Your Luggage For You</p>
        </div>
      </section>
      <div className="mx-auto -mt-14 w-full max-w-6xl px-4 pb-10 sm:px-6">
        <Card className="p-4 sm:p-6">
          {reference.failed ? (
            <ReferenceFailed onRetry={() => window.location.reload()} />
          ) : reference.loading ? (
            <SkeletonCards count={1} label="Loading airports and airlines" />
          ) : (
            <SearchForm reference={reference} today={today} onSearch={onSearch} />
          )}
        </Card>
        <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
          <aside aria-label="Filters">
            <button
              type="button"
              className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white py-2 text-sm font-semibold text-slate-800 md:hidden"
              aria-expanded={filtersOpen}
              aria-controls="search-filters"
              onClick={() => setFiltersOpen((o) => !o)}
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" /> Filters
            </button>
            <Card
              id="search-filters"
              className={`mt-3 p-5 md:mt-0 md:block ${filtersOpen ? 'block' : 'hidden'}`}
            >
              <SearchFilters value={filters} onChange={setFilters} />
            </Card>
          </aside>
          <SearchResults view={view} all={all} shown={shown} reference={reference} onBook={onBook} />
        </div>
      </div>
    </div>
  );
}
