// The booking form: weight in KG (1 to the space left), the live total (price per KG × KG, fixed
// once booked), and when, how and to whom it is paid, all before Confirm Booking.
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import * as v from 'valibot';
import { clearBookingDraft } from '@/client/booking-draft';
import { useAppForm } from '@/client/forms/app-form';
import { formSchema } from '@/client/forms/form-schema';
import { useStore } from '@/client/hooks/use-store';
import { t as activeT, useT } from '@/client/i18n/i18n';
import { refusalText } from '@/client/i18n/refusals';
import { LOCALE } from '@/client/locale';
import { Card } from '@/client/ui/card';
import { bookListing, serverNowKnown } from '@/data';
import { bookingFormSchema } from '@/domain/booking/schema';
import { formatPrice, formatWeight } from '@/domain/format';
import { hasDeparted } from '@/domain/listing/departure';
import type { Listing } from '@/domain/listing/schema';
import { UPI_MAX_AMOUNT, upiCanPay } from '@/domain/payment/upi';
import { useDeparted } from './use-departed';
import type { Reference } from './use-reference';

type Weight = { weight: string };

export function BookingForm({ listing, reference }: { listing: Listing; reference: Reference }) {
  const t = useT('search');
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
        toast.error(activeT('search.booking.failed'));
        return;
      }
      clearBookingDraft();
      toast.success(activeT('search.booking.done'));
      await navigate({ to: '/travellerhome' });
    },
  });
  return (
    <Card className="h-fit p-5 sm:p-6">
      <form.AppForm>
        <form.Form aria-label={t('search.booking.label')} className="flex flex-col gap-4">
          <form.AppField name="weight">
            {(field) => (
              <field.TextField
                label={t('search.booking.weight')}
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
                      <span className="text-sm text-brand-900">{t('search.booking.total')}</span>
                      <output
                        className="text-2xl font-bold text-brand-900"
                        aria-label={t('search.booking.total')}
                      >
                        {formatPrice(total, LOCALE)}
                      </output>
                    </div>
                    {valid ? (
                      <p className="mt-1 text-right text-xs text-brand-900">
                        {t('search.booking.sum', {
                          price: formatPrice(listing.cost, LOCALE),
                          weight: formatWeight(kg),
                          total: formatPrice(total, LOCALE),
                        })}
                      </p>
                    ) : null}
                  </div>
                  <section aria-label={t('search.booking.how')} className="text-sm text-slate-700">
                    <h2 className="font-semibold text-slate-900">{t('search.booking.how')}</h2>
                    <p className="mt-1">
                      {t('search.booking.howText', {
                        name: listing.name || t('search.booking.theCarrier'),
                        amount: valid ? formatPrice(total, LOCALE) : t('search.booking.theTotal'),
                        how:
                          valid && !upiCanPay(total)
                            ? t('search.booking.byCash', { max: formatPrice(UPI_MAX_AMOUNT, LOCALE) })
                            : t('search.booking.byUpi'),
                      })}
                    </p>
                  </section>
                </>
              );
            }}
          </form.Subscribe>
          {departed ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {refusalText('listing/departed', t)}
            </p>
          ) : null}
          <form.SubmitButton busyLabel={t('search.booking.busy')} className="w-full" disabled={departed}>
            {t('search.booking.submit')}
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </Card>
  );
}
