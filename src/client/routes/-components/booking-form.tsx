// The booking form: weight in KG (1 to the space left), the live total, Confirm Booking.
import { useForm } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import * as v from 'valibot';
import { clearBookingDraft } from '@/client/booking-draft';
import { FormElement } from '@/client/forms/form-element';
import { TextField } from '@/client/forms/text-field';
import { validateWith } from '@/client/forms/validate';
import { useStore } from '@/client/hooks/store';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { bookListing } from '@/data';
import { bookingFormSchema } from '@/domain/booking/schema';
import { formatPrice } from '@/domain/format';
import type { Listing } from '@/domain/listing/schema';

export function BookingForm({ listing }: { listing: Listing }) {
  const store = useStore();
  const navigate = useNavigate();
  const schema = bookingFormSchema(listing.available);
  const form = useForm({
    defaultValues: { weight: String(listing.available) },
    validators: { onSubmit: validateWith(schema), onChange: validateWith(schema) },
    onSubmit: async ({ value }) => {
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
      <FormElement form={form} aria-label="Booking" className="flex flex-col gap-4">
        <form.Field name="weight">
          {(field) => (
            <TextField
              field={field}
              label="Weight (KG)"
              type="number"
              inputMode="decimal"
              min={1}
              max={listing.available}
              step="any"
            />
          )}
        </form.Field>
        <form.Subscribe selector={(s) => s.values.weight}>
          {(weight) => {
            const kg = Number(weight);
            const total = Number.isFinite(kg) && kg > 0 ? kg * listing.cost : 0;
            return (
              <div className="flex items-baseline justify-between rounded-lg bg-brand-50 px-4 py-3">
                <span className="text-sm text-brand-900">Total price</span>
                <output className="text-2xl font-bold text-brand-900" aria-label="Total price">
                  {formatPrice(total)}
                </output>
              </div>
            );
          }}
        </form.Subscribe>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <Button type="submit" busy={submitting} busyLabel="Processing..." className="w-full">
              Confirm Booking
            </Button>
          )}
        </form.Subscribe>
      </FormElement>
    </Card>
  );
}
