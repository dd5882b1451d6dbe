// Your Listings (/carrierhome): the carrier's listings from the local store, numbered, each with
// its sync state, and a floating button to add one.
import { createFileRoute, Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useMyListings } from '@/client/hooks';
import { useT } from '@/client/i18n/i18n';
import { pullOnOpen } from '@/client/pull-on-open';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { ListingCard } from './-components/listing-card';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/carrierhome')({
  // A pull on every visit (not on a change of search): the rows show from the mirror meanwhile.
  loader: ({ context }) => ({ pulled: pullOnOpen(context.store) }),
  shouldReload: ({ cause }) => cause !== 'stay',
  component: CarrierHome,
});

function CarrierHome() {
  const t = useT('carrier');
  const listings = useMyListings(Route.useLoaderData({ select: (d) => d.pulled }));
  const reference = useReference();
  const rows = [...(listings.rows ?? [])].sort((a, b) => b.createdAt - a.createdAt);
  return (
    <Page title={t('carrier.home.title')} subtitle={t('carrier.home.subtitle')}>
      {listings.loading ? (
        <p role="status" className="py-10 text-center text-slate-500">
          {t('carrier.home.loading')}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState title={t('carrier.home.empty')}>{t('carrier.home.emptyHint')}</EmptyState>
      ) : (
        <ol className="grid grid-cols-1 gap-4 pb-20 md:grid-cols-2">
          {rows.map((row, i) => (
            <li key={row.id}>
              <ListingCard row={row} index={i + 1} reference={reference} />
            </li>
          ))}
        </ol>
      )}
      <Link
        to="/carrier/add-listing"
        aria-label={t('carrier.home.add')}
        className="fixed right-5 bottom-6 z-20 grid size-14 place-items-center rounded-full bg-accent-500 text-white shadow-lg hover:bg-accent-600 sm:right-8 sm:bottom-8"
      >
        <Plus aria-hidden="true" className="size-7" />
      </Link>
    </Page>
  );
}
