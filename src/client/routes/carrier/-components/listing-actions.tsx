// A listing's Edit and Withdraw. Withdraw asks first, with the reason its accepted bookings are
// cancelled with (its pending requests are declined as withdrawn), and is held for an Undo.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { refusalOr } from '@/client/i18n/refusals';
import { ReasonDialog } from '@/client/routes/-components/reason-dialog';
import { undoToast } from '@/client/routes/-components/undo-toast';
import type { Reference } from '@/client/routes/-components/use-reference';
import { Button } from '@/client/ui/button';
import { acceptedOrdersOf, type ListingRow, withdrawListing } from '@/data';
import { CARRIER_REASONS } from '@/domain/booking/reasons';
import { EditListingDialog } from './edit-listing-dialog';

export function ListingActions({ row, reference }: { row: ListingRow; reference: Reference }) {
  const t = useT('carrier');
  const store = useStore();
  const [open, setOpen] = useState<'edit' | 'withdraw' | null>(null);
  const accepted = useLiveQuery(() => acceptedOrdersOf(store, row.id), [store, row.id]) ?? [];
  if (row.withdrawnAt) return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" className="min-h-9 px-3" onClick={() => setOpen('edit')}>
        {t('carrier.listing.edit')}
      </Button>
      <Button variant="danger" className="min-h-9 px-3" onClick={() => setOpen('withdraw')}>
        {t('carrier.listing.withdraw')}
      </Button>
      {open === 'edit' ? (
        <EditListingDialog row={row} reference={reference} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'withdraw' ? (
        <ReasonDialog
          title={t('carrier.listing.withdrawTitle')}
          description={
            <>
              <p>{t('carrier.listing.withdrawText')}</p>
              {accepted.length > 0 ? (
                <p className="mt-2 font-medium text-red-800">
                  {t('carrier.listing.withdrawAccepted', { count: accepted.length })}
                </p>
              ) : null}
            </>
          }
          reasons={CARRIER_REASONS}
          confirmLabel={t('carrier.listing.withdrawConfirm')}
          onCancel={() => setOpen(null)}
          onConfirm={(reason) => {
            setOpen(null);
            withdrawListing(store, row.id, reason).then(
              (queued) => undoToast(store, t('carrier.listing.withdrawn'), queued),
              (err: unknown) => toast.error(refusalOr(err, t('carrier.listing.withdrawFailed'))),
            );
          }}
        />
      ) : null}
    </div>
  );
}
