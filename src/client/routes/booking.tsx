// Confirm Your Booking (/booking): the listing from navigation state (or its sessionStorage
// copy after a reload), a weight field prefilled with the space left, and the total price.
import { createFileRoute, Link, useLocation } from '@tanstack/react-router';
import { PackageSearch } from 'lucide-react';
import { loadBookingDraft } from '@/client/booking-draft';
import { buttonClass } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { BookingForm } from './-components/booking-form';
import { FlightInfo } from './-components/flight-info';

export const Route = createFileRoute('/booking')({ component: ConfirmBooking });

function ConfirmBooking() {
  const stateListing = useLocation({ select: (l) => l.state.listing });
  const listing = loadBookingDraft(stateListing);
  return (
    <Page
      title="Confirm Your Booking"
      subtitle="Check the flight, choose how many KG, and confirm."
      width="lg"
    >
      {listing ? (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_20rem]">
          <FlightInfo listing={listing} />
          <BookingForm listing={listing} />
        </div>
      ) : (
        <EmptyState
          icon={<PackageSearch className="size-10" />}
          title="No booking data found. Please go back and try again."
        >
          <Link to="/travellerhome" className={buttonClass('secondary', 'mt-3')}>
            Back to search
          </Link>
        </EmptyState>
      )}
    </Page>
  );
}
