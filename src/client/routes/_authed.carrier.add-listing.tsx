// Add Listing (/carrier/add-listing): the listing form, with a skeleton while airports and
// airlines load. Queued locally, so it succeeds offline too; the card shows its sync state.
import { createFileRoute } from '@tanstack/react-router';
import { useT } from '@/client/i18n/i18n';
import { Card } from '@/client/ui/card';
import { Page } from '@/client/ui/page';
import { ReferenceFailed } from '@/client/ui/reference-failed';
import { Skeleton } from '@/client/ui/skeleton';
import { useReference } from './-components/use-reference';
import { AddListingForm } from './carrier/-components/add-listing-form';

export const Route = createFileRoute('/_authed/carrier/add-listing')({ component: AddListing });

function FormSkeleton() {
  const t = useT('carrier');
  return (
    <div role="status" aria-label={t('carrier.addListing.loading')} className="grid gap-4 sm:grid-cols-2">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

function AddListing() {
  const t = useT('carrier');
  const reference = useReference();
  return (
    <Page title={t('carrier.addListing.title')} subtitle={t('carrier.addListing.subtitle')} width="md">
      <Card className="p-5 sm:p-6">
        {reference.failed ? (
          <ReferenceFailed onRetry={() => window.location.reload()} />
        ) : reference.loading ? (
          <FormSkeleton />
        ) : (
          <AddListingForm reference={reference} />
        )}
      </Card>
    </Page>
  );
}
