// Listing search (/travellerhome): the hero, the search form, the filter sidebar (toggled on
// phones, always shown from md) and the results, read from the local store by search key. The
// search and its filters live in the URL (validateSearch), so back, forward, reload and a shared
// link show the same results: at once from the local store, then refreshed (or answered offline).
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { saveBookingDraft } from '@/client/booking-draft';
import { useSearchResults } from '@/client/hooks/use-search';
import { useSession } from '@/client/hooks/use-session';
import { useStore } from '@/client/hooks/use-store';
import { Card } from '@/client/ui/card';
import { ReferenceFailed } from '@/client/ui/reference-failed';
import { SkeletonCards } from '@/client/ui/skeleton';
import { SessionMissingError, searchKeyOf, searchListings, serverNowKnown } from '@/data';
import { filterListings } from '@/domain/listing/filters';
import { type Listing, type SearchFormValues, todayIn } from '@/domain/listing/schema';
import {
  isCompleteSearch,
  type SearchFields,
  searchFieldsOf,
  searchParamsSchema,
} from '@/domain/listing/search-params';
import { MSG } from '@/domain/messages';
import { type FilterState, SearchFilters } from './-components/search-filters';
import { SearchForm } from './-components/search-form';
import { SearchResults, type SearchView } from './-components/search-results';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/travellerhome')({
  validateSearch: searchParamsSchema,
  component: TravellerHome,
});

/** Filters as the URL holds them: absent when none is chosen, so a plain search has a short URL. */
const filterParams = (f: FilterState) => ({
  budgets: f.budgets.length > 0 ? f.budgets : undefined,
  weights: f.weights.length > 0 ? f.weights : undefined,
});

function TravellerHome() {
  const store = useStore();
  const session = useSession();
  const reference = useReference();
  const navigate = useNavigate({ from: Route.fullPath });
  const params = Route.useSearch();
  const fields = searchFieldsOf(params);
  const searchKey = isCompleteSearch(params) ? searchKeyOf(fields as SearchFormValues) : null;
  const [view, setView] = useState<SearchView>(searchKey ? { kind: 'restoring' } : { kind: 'idle' });
  // The search this screen last ran: a URL naming another one (back, forward, a link) runs it.
  const ran = useRef<string | null>(null);
  const [formKey, setFormKey] = useState(searchKey ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A search can settle after the user has left this screen: its answer then changes nothing here.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const results = useSearchResults(searchKey) ?? [];
  const filters = useMemo(
    () => ({ budgets: params.budgets ?? [], weights: params.weights ?? [] }),
    [params.budgets, params.weights],
  );
  // The server's today: it offers no flight that has left by its clock.
  const today = todayIn(serverNowKnown(store));

  const ownEmail = session?.email ?? null;
  const all = useMemo(
    () => filterListings(results, { budgets: [], weights: [], ownEmail }),
    [results, ownEmail],
  );
  const shown = useMemo(() => filterListings(all, { ...filters, ownEmail }), [all, filters, ownEmail]);

  /** Runs the search; `announce` for a search the user asked for (toasts, skeletons). */
  const run = useCallback(
    async (values: SearchFormValues, announce: boolean) => {
      if (!session?.email || !session.name || !session.phone) {
        if (announce) toast.error(MSG.userInfoMissing);
        return;
      }
      if (announce) setView({ kind: 'searching' });
      try {
        const outcome = await searchListings(store, values);
        if (!mounted.current) return;
        if (outcome.kind === 'message') {
          setView({ kind: 'message', message: outcome.message });
          if (announce) toast.info('No direct matches found. Our team will contact you soon!');
          return;
        }
        setView({ kind: 'results', offline: outcome.kind === 'offline' });
        if (!announce) return;
        if (outcome.count === 0) toast.info('No listings found matching your criteria.');
        else toast.success(`Found ${outcome.count} listing(s)!`);
      } catch (err) {
        if (!mounted.current) return;
        setView(announce ? { kind: 'idle' } : { kind: 'results', offline: true });
        if (!announce) return;
        toast.error(
          err instanceof SessionMissingError ? MSG.userInfoMissing : 'Search failed. Please try again.',
        );
      }
    },
    [store, session],
  );

  useEffect(() => {
    if (searchKey === ran.current) return;
    ran.current = searchKey;
    setFormKey(searchKey ?? '');
    if (!searchKey) {
      setView({ kind: 'idle' });
      return;
    }
    setView({ kind: 'restoring' });
    void run(fields as SearchFormValues, false);
  }, [searchKey, fields, run]);

  async function onSearch(values: SearchFormValues) {
    // A new search starts with no filters (SPEC section 4), and is a new history entry.
    ran.current = searchKeyOf(values);
    await navigate({ search: { ...values } });
    await run(values, true);
  }

  const setFilters = useCallback(
    (next: FilterState) =>
      void navigate({ search: (prev) => ({ ...prev, ...filterParams(next) }), replace: true }),
    [navigate],
  );

  // Stable, so a result card re-renders only when its own listing changes.
  const onBook = useCallback(
    (listing: Listing) => {
      saveBookingDraft(listing);
      void navigate({ to: '/booking', search: { listing: listing.id }, state: { listing } });
    },
    [navigate],
  );

  // Restoring: the stored results show at once; with none stored, skeletons until the answer.
  const shownView: SearchView =
    view.kind === 'restoring'
      ? results.length > 0
        ? { kind: 'results', offline: false }
        : { kind: 'searching' }
      : view;

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
            // As tall as the form it stands for (one, two or three columns), so the page does not
            // shift when the mirrored airports arrive.
            <div className="min-h-[461px] sm:min-h-[284px] lg:min-h-[153px]">
              <SkeletonCards count={1} label="Loading airports and airlines" />
            </div>
          ) : (
            <SearchForm
              key={formKey}
              reference={reference}
              today={today}
              initial={searchKey ? (fields as SearchFields) : undefined}
              onSearch={onSearch}
            />
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
          <SearchResults view={shownView} all={all} shown={shown} reference={reference} onBook={onBook} />
        </div>
      </div>
    </div>
  );
}
