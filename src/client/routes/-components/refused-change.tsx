// How a booking row's own change stands when the server refused it: why (by its code), Retry only
// where sending it again can succeed (by the refusal's code), Discard, and for a booking refused
// for want of space the weight the listing still has free ("Book the 1 KG still free", opening
// Confirm Booking with it), asked of the server again until it answers.
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { PackagePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { Button } from '@/client/ui/button';
import { SyncState } from '@/client/ui/sync-state';
import {
  discardEntry,
  dropRefusedBooking,
  type FreeSpace,
  freeSpaceOf,
  refusalQuery,
  retryEntry,
} from '@/data';
import { formatWeight } from '@/domain/format';

interface RefusedChangeProps {
  outboxKey: string;
  error: string | null;
}

export function RefusedChange({ outboxKey, error }: RefusedChangeProps) {
  const store = useStore();
  const t = useT();
  const navigate = useNavigate();
  const refusal = useLiveQuery(() => refusalQuery(store, outboxKey), [store, outboxKey]);
  const forSpace = Boolean(refusal?.space);
  const [free, setFree] = useState<FreeSpace | null>(null);
  useEffect(() => {
    if (!forSpace) return;
    // Asked of the server: on an airport link the search may fail or time out, so it is asked
    // again, later and later (2 s to 30 s), and at once when the browser is back online.
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 2000;
    const later = () => {
      if (!live) return;
      timer = setTimeout(ask, delay);
      delay = Math.min(delay * 2, 30_000);
    };
    function ask() {
      freeSpaceOf(store, outboxKey).then((found) => {
        if (!live) return;
        if (found) setFree(found);
        else later();
      }, later);
    }
    const onOnline = () => {
      clearTimeout(timer);
      delay = 2000;
      ask();
    };
    window.addEventListener('online', onOnline);
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [store, outboxKey, forSpace]);
  const bookFree = async () => {
    const listing = free?.listing;
    if (!listing) return;
    await dropRefusedBooking(store, outboxKey);
    void navigate({ to: '/booking', search: { listing: listing.id }, state: { listing } });
  };
  const offer = forSpace && free ? free : null;
  return (
    <SyncState
      state="failed"
      error={error}
      {...(refusal?.retry ? { onRetry: () => void retryEntry(store, outboxKey) } : {})}
      onDiscard={() => void discardEntry(store, outboxKey)}
    >
      {offer && offer.free > 0 && offer.listing ? (
        <Button variant="primary" className="min-h-8 px-3" onClick={() => void bookFree()}>
          <PackagePlus aria-hidden="true" className="size-3.5" />{' '}
          {t('sync.bookFree', { weight: formatWeight(offer.free) })}
        </Button>
      ) : null}
      {offer && offer.free === 0 ? <p className="self-center">{t('sync.noSpace')}</p> : null}
    </SyncState>
  );
}
