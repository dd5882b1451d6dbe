// Listing search (/travellerhome): the hero, the search form (after a search, one line that
// summarises it, with Edit, so the results come first on a phone), the filter sidebar (toggled on
// phones, always shown from md) with the watched routes under it, and the results, read from the
// local store by search key. The search and its filters live in the URL (validateSearch), so back,
// forward, reload and a shared link show the same results. The route's loader runs the search
// named by the URL's five search fields (loaderDeps: the filters run none): it answers at once from
// the device (a watched route's mirror, with its age) and hands the network's answer over as a
// promise, which replaces it when it comes (or says the device is offline).
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { saveBookingDraft } from '@/client/booking-draft';
import { useSearchResults } from '@/client/hooks/use-search';
import { useSession } from '@/client/hooks/use-session';
import { useStore } from '@/client/hooks/use-store';
import { t as activeT, useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Card } from '@/client/ui/card';
import { ReferenceFailed } from '@/client/ui/reference-failed';
import { SkeletonCards } from '@/client/ui/skeleton';
import type { LocalOutcome, SearchOutcome } from '@/data';
import { SessionMissingError, serverNowKnown } from '@/data';
import { filterListings } from '@/domain/listing/filters';
import { type Listing, type SearchFormValues, todayIn } from '@/domain/listing/schema';
import {
  isCompleteSearch,
  type SearchFields,
  searchFieldsOf,
  searchParamsSchema,
} from '@/domain/listing/search-params';
import { RecentRequest } from './-components/recent-request';
import { type FilterState, SearchFilters } from './-components/search-filters';
import { SearchForm } from './-components/search-form';
import { SearchResults, type SearchView } from './-components/search-results';
import { SearchSummary } from './-components/search-summary';
import { useReference } from './-components/use-reference';
import { WatchedRoutes, WatchRoute } from './-components/watch-route';

/** The search a URL names: its key, the device's answer, and the network's on its way. */
interface LoadedSearch {
  key: string;
  values: SearchFormValues;
  /** A watched route's answer from the mirror (null: no watch covers it). */
  local: LocalOutcome | null;
  /** The network's answer (null for a preload: hovering a link sends no search). */
  network: Promise<SearchOutcome> | null;
}

export const Route = createFileRoute('/_authed/travellerhome')({
  validateSearch: searchParamsSchema,
  // Only the five search fields: changing a filter is not a new search.
  loaderDeps: ({ search }) => searchFieldsOf(search),
  // Coming to the screen searches again; staying on it (a filter) does not. A repeated search of
  // the same fields invalidates the match (onSearch).
  shouldReload: ({ cause }) => cause === 'enter',
  // The route definition is in the first screen's bundle: the data layer is imported here, not above.
  loader: async ({ context, deps, preload }): Promise<{ search: LoadedSearch | null }> => {
    if (!isCompleteSearch(deps)) return { search: null };
    const data = await import('@/data');
    const { store } = context;
    const values = deps as SearchFormValues;
    const local = await data.searchWatched(store, values).catch(() => null);
    const network = preload ? null : data.searchListings(store, values);
    // Read by the screen; a preload or a screen gone by then must not report it as unhandled.
    network?.catch(() => undefined);
    return { search: { key: data.searchKeyOf(values), values, local, network } };
  },
  component: TravellerHome,
});

/** Filters as the URL holds them: absent when none is chosen, so a plain search has a short URL. */
const filterParams = (f: FilterState) => ({
  budgets: f.budgets.length > 0 ? f.budgets : undefined,
  weights: f.weights.length > 0 ? f.weights : undefined,
});

type Answer = { network: Promise<SearchOutcome>; outcome: SearchOutcome | null; announced: boolean };

function announce(outcome: SearchOutcome) {
  if (outcome.kind === 'message') toast.info(activeT('search.results.noMatch'));
  else if (outcome.count === 0) toast.info(activeT('search.toast.none'));
  else if (outcome.kind === 'results') toast.success(activeT('search.toast.found', { count: outcome.count }));
}

/** What the results column shows for a search, from the device's and the network's answers. */
function viewOf(search: LoadedSearch | null, answer: Answer | null, stored: number): SearchView {
  if (!search) return { kind: 'idle' };
  const settled = answer && answer.network === search.network ? answer : null;
  const local = search.local;
  if (!settled) {
    if (local) return { kind: 'results', offline: true, watched: true, asOf: local.asOf };
    // Restoring: the stored results show at once; with none stored, skeletons until the answer.
    return stored > 0 ? { kind: 'results', offline: false } : { kind: 'searching' };
  }
  const { outcome } = settled;
  if (!outcome) return settled.announced ? { kind: 'idle' } : { kind: 'results', offline: true };
  if (outcome.kind === 'message') return { kind: 'message', message: outcome.message };
  if (outcome.kind === 'offline')
    return { kind: 'results', offline: true, watched: outcome.watched, asOf: outcome.asOf };
  return { kind: 'results', offline: false };
}

function TravellerHome() {
  const t = useT('search');
  const store = useStore();
  const session = useSession();
  const reference = useReference();
  const router = useRouter();
  const navigate = useNavigate({ from: Route.fullPath });
  const params = Route.useSearch();
  const search = Route.useLoaderData({ select: (d) => d.search });
  const searchKey = search?.key ?? null;
  const [formKey, setFormKey] = useState(searchKey ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A search that has run shows as its summary line until Edit opens the form again.
  const [editing, setEditing] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  // The search the user just asked for: its answer is announced (toasts).
  const asked = useRef<string | null>(null);
  const results = useSearchResults(searchKey) ?? [];
  const filters = useMemo(
    () => ({ budgets: params.budgets ?? [], weights: params.weights ?? [] }),
    [params.budgets, params.weights],
  );
  // The server's today: it offers no flight that has left by its clock.
  const today = todayIn(serverNowKnown(store));

  // A URL naming another search (back, forward, a link) shows it in the form, folded to its summary.
  useEffect(() => {
    setFormKey(searchKey ?? '');
    setEditing(false);
  }, [searchKey]);

  // The loader's network answer, when it comes; a search the screen has left changes nothing.
  useEffect(() => {
    const network = search?.network;
    if (!network) return;
    let current = true;
    const settle = (outcome: SearchOutcome | null, err?: unknown) => {
      if (!current) return;
      const announced = asked.current === search.key;
      if (announced) asked.current = null;
      setAnswer({ network, outcome, announced });
      if (!announced) return;
      if (outcome) announce(outcome);
      else
        toast.error(
          activeT(err instanceof SessionMissingError ? 'validation.userInfoMissing' : 'search.toast.failed'),
        );
    };
    network.then(
      (outcome) => settle(outcome),
      (err: unknown) => settle(null, err),
    );
    return () => {
      current = false;
    };
  }, [search]);

  const ownEmail = session?.email ?? null;
  const all = useMemo(
    () => filterListings(results, { budgets: [], weights: [], ownEmail }),
    [results, ownEmail],
  );
  const shown = useMemo(() => filterListings(all, { ...filters, ownEmail }), [all, filters, ownEmail]);

  async function onSearch(values: SearchFormValues) {
    if (!session?.email || !session.name || !session.phone) {
      toast.error(activeT('validation.userInfoMissing'));
      return;
    }
    const key = (await import('@/data')).searchKeyOf(values);
    asked.current = key;
    // A new search starts with no filters (SPEC section 4), and is a new history entry. An empty
    // flight number or airline stays out of the URL.
    await navigate({
      search: {
        from: values.from,
        to: values.to,
        departure: values.departure,
        flightNo: values.flightNo || undefined,
        airline: values.airline || undefined,
      },
    });
    setEditing(false);
    // The summary and the results are at the top: a search sent from further down shows them.
    window.scrollTo({ top: 0 });
    // The same fields again: the loader runs again for a fresh answer.
    if (key === searchKey) await router.invalidate({ filter: (m) => m.routeId === Route.id });
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

  const view = viewOf(search, answer, results.length);
  const summarised = search !== null && !editing && !reference.failed;

  return (
    <div className="flex flex-col">
      <section
        className={`bg-gradient-to-br from-brand-800 to-brand-600 px-4 text-white sm:px-6 ${summarised ? 'pt-4 pb-14' : 'pt-8 pb-20'}`}
      >
        <div className="mx-auto max-w-6xl">
          <h1
            className={`font-bold tracking-tight ${summarised ? 'text-xl sm:text-3xl' : 'text-3xl sm:text-4xl'}`}
          >
            {t('search.hero.title')}
          </h1>
          <p className={`text-brand-100 ${summarised ? 'mt-1 text-sm sm:text-lg' : 'mt-2 sm:text-lg'}`}>
            {t('search.hero.subtitle')}
          </p>
        </div>
      </section>
      <div className={`mx-auto w-full max-w-6xl px-4 pb-10 sm:px-6 ${summarised ? '-mt-11' : '-mt-14'}`}>
        <Card className={summarised ? 'px-4 py-3 sm:px-6' : 'p-4 sm:p-6'}>
          {summarised && search ? (
            <SearchSummary
              values={search.values}
              reference={reference}
              locale={LOCALE}
              onEdit={() => setEditing(true)}
            />
          ) : reference.failed ? (
            <ReferenceFailed onRetry={() => window.location.reload()} />
          ) : reference.loading ? (
            // As tall as the form it stands for (one, two or three columns), so the page does not
            // shift when the mirrored airports arrive.
            <div className="min-h-[461px] sm:min-h-[284px] lg:min-h-[153px]">
              <SkeletonCards count={1} label={t('search.reference.loading')} />
            </div>
          ) : (
            <SearchForm
              key={formKey}
              reference={reference}
              today={today}
              initial={searchKey ? (searchFieldsOf(params) as SearchFields) : undefined}
              onSearch={onSearch}
            />
          )}
        </Card>
        <RecentRequest reference={reference} />
        {/* Phones: filters, results, then the watched routes; from md the watched routes sit under
            the filters, beside the results. */}
        <div
          className={`grid grid-cols-1 md:mt-6 md:grid-cols-[15rem_minmax(0,1fr)] md:grid-rows-[auto_1fr] md:gap-6 ${summarised ? 'mt-3 gap-3' : 'mt-6 gap-6'}`}
        >
          <aside aria-label={t('search.filters.label')}>
            <button
              type="button"
              className="flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white py-2 text-sm font-semibold text-slate-800 md:hidden"
              aria-expanded={filtersOpen}
              aria-controls="search-filters"
              onClick={() => setFiltersOpen((o) => !o)}
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" /> {t('search.filters.label')}
            </button>
            <Card
              id="search-filters"
              className={`mt-3 p-5 md:mt-0 md:block ${filtersOpen ? 'block' : 'hidden'}`}
            >
              <SearchFilters value={filters} onChange={setFilters} />
            </Card>
          </aside>
          <div className="flex min-w-0 flex-col gap-4 md:row-span-2">
            {search && view.kind !== 'idle' ? <WatchRoute route={search.values} /> : null}
            <SearchResults view={view} all={all} shown={shown} reference={reference} onBook={onBook} />
          </div>
          <div className="md:col-start-1 md:row-start-2">
            <WatchedRoutes />
          </div>
        </div>
      </div>
    </div>
  );
}
