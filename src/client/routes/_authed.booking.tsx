// Confirm Your Booking (/booking?listing=<id>): the listing from navigation state (SPEC), else
// from the local store by the id in the URL (the route's loader: a reload or a deep link opens it
// offline), else the sessionStorage copy; a weight field prefilled with the space left, and the
// total price.
import { createFileRoute, Link, useLocation } from '@tanstack/react-router';
import { PackageSearch } from 'lucide-react';
import * as v from 'valibot';
import { loadBookingDraft } from '@/client/booking-draft';
import { useT } from '@/client/i18n/i18n';
import { buttonClass } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { BookingForm } from './-components/booking-form';
import { FlightInfo } from './-components/flight-info';
import { useReference } from './-components/use-reference';

const bookingSearchSchema = v.object({
  listing: v.fallback(v.optional(v.string()), undefined),
});

export const Route = createFileRoute('/_authed/booking')({
  validateSearch: bookingSearchSchema,
  loaderDeps: ({ search }) => ({ id: search.listing }),
  // The route definition is in the first screen's bundle: the data layer is imported here, not above.
  loader: async ({ context, deps }) => {
    if (!deps.id) return { listing: null };
    const [{ listingByIdQuery }, store] = await Promise.all([import('@/data'), context.storeLoader.load()]);
    return { listing: await listingByIdQuery(store, deps.id) };
  },
  component: ConfirmBooking,
});

function ConfirmBooking() {
  const t = useT('search');
  const stateListing = useLocation({ select: (l) => l.state.listing });
  const stored = Route.useLoaderData({ select: (d) => d.listing });
  const id = Route.useSearch({ select: (s) => s.listing });
  const found = loadBookingDraft(stateListing ?? stored);
  // A URL naming a listing shows that listing or none, never an older draft's.
  const listing = found && (!id || found.id === id) ? found : null;
  const reference = useReference();
  return (
    <Page title={t('search.confirm.title')} subtitle={t('search.confirm.subtitle')} width="lg">
      {listing ? (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_20rem]">
          <FlightInfo listing={listing} />
          <BookingForm listing={listing} reference={reference} />
        </div>
      ) : (
        <EmptyState icon={<PackageSearch className="size-10" />} title={t('search.confirm.none')}>
          <Link to="/travellerhome" className={buttonClass('secondary', 'mt-3')}>
            {t('search.confirm.back')}
          </Link>
        </EmptyState>
      )}
    </Page>
  );
}
