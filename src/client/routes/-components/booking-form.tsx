// The booking form: weight in KG (1 to the space left), the live total (price per KG × KG, fixed
// once booked), and when, how and to whom it is paid, all before Confirm Booking.
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import * as v from 'valibot';
import { clearBookingDraft } from '@/client/booking-draft';
import { useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStore } from '@/client/hooks/use-store';
import { Card } from '@/client/ui/card';
import { bookListing, serverNowKnown } from '@/data';
import { bookingFormSchema } from '@/domain/booking/schema';
import { ERRORS } from '@/domain/errors';
import { formatPrice, formatPriceSum } from '@/domain/format';
import { hasDeparted } from '@/domain/listing/departure';
import type { Listing } from '@/domain/listing/schema';
import { UPI_MAX_AMOUNT, upiCanPay } from '@/domain/payment/upi';
import { useDeparted } from './use-departed';
import type { Reference } from './use-reference';

type Weight = { weight: string };

export function BookingForm({ listing, reference }: { listing: Listing; reference: Reference }) {
  const store = useStore();
  // A flight that left after this listing was mirrored cannot be booked from here.
  const departed = useDeparted(listing, reference);
  const navigate = useNavigate();
  const schema = bookingFormSchema(listing.available);
  const form = useAppForm({
    defaultValues: { weight: String(listing.available) },
    // The weight is prefilled, so it is checked as it is typed, not only on submit.
    validators: { onChange: formSchema<Weight>(schema), onSubmit: formSchema<Weight>(schema) },
    onSubmit: async ({ value }) => {
      if (hasDeparted(listing, serverNowKnown(store), reference.timeZoneOf)) return;
      const { weight } = v.parse(schema, value);
      try {
        await bookListing(store, listing, weight);
      } catch {
        toast.error('Booking Failed! Please try again');
        return;
      }
      clearBookingDraft();
      toast.success('Booking Conformed');
      await navigate({ to: '/travellerhome' });
    },
  });
  return (
    <Card className="h-fit p-5 sm:p-6">
      <form.AppForm>
        <form.Form aria-label="Booking" className="flex flex-col gap-4">
          <form.AppField name="weight">
            {(field) => (
              <field.TextField
                label="Weight (KG)"
                type="number"
                inputMode="decimal"
                min={1}
                max={listing.available}
                step="any"
              />
            )}
          </form.AppField>
          <form.Subscribe selector={(s) => s.values.weight}>
            {(weight) => {
              const kg = Number(weight);
              const valid = Number.isFinite(kg) && kg > 0;
              const total = valid ? Math.round(kg * listing.cost * 100) / 100 : 0;
              return (
                <>
                  <div className="rounded-lg bg-brand-50 px-4 py-3">
                    <div className="flex items-baseline justify-between">
                      <span className="text-sm text-brand-900">Total price</span>
                      <output className="text-2xl font-bold text-brand-900" aria-label="Total price">
                        {formatPrice(total)}
                      </output>
                    </div>
                    {valid ? (
                      <p className="mt-1 text-right text-xs text-brand-900">
                        {formatPriceSum(listing.cost, kg, total)}
                      </p>
                    ) : null}
                  </div>
                  <section aria-label="How you pay" className="text-sm text-slate-700">
                    <h2 className="font-semibold text-slate-900">How you pay</h2>
                    <p className="mt-1">
                      Nothing is charged now. Once {listing.name || 'the carrier'} accepts, you pay{' '}
                      {valid ? formatPrice(total) : 'the total'} to them at the hand-off:{' '}
                      {valid && !upiCanPay(total)
                        ? `in cash (UPI takes at most ${formatPrice(UPI_MAX_AMOUNT)} in one payment).`
                        : 'by UPI, scanning the code the app shows (the amount is filled in), or in cash.'}{' '}
                      Both of you mark it in the booking, and the price stays as shown here.
                    </p>
                  </section>
                </>
              );
            }}
          </form.Subscribe>
          {departed ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {ERRORS['listing/departed'].message}
            </p>
          ) : null}
          <form.SubmitButton busyLabel="Processing..." className="w-full" disabled={departed}>
            Confirm Booking
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </Card>
  );
}
