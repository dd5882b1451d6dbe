// The list behind the sync line's "not sent" count: every change the server refused, with its
// reason and Retry / Discard. Contact messages and courier requests have no row elsewhere, so
// this is where the user sees and settles them.
import { RotateCcw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/store';
import { discardEntry, retryEntry } from '@/data';
import type { OutboxEntry } from '@/domain/outbox/entry';

/** A short, human name for a queued change. */
export function describeEntry(entry: OutboxEntry): string {
  const p = (entry.payload ?? {}) as Record<string, unknown>;
  switch (entry.kind) {
    case 'add-listing':
      return `Listing ${String(p.from ?? '')} → ${String(p.to ?? '')}, flight ${String(p.flightNo ?? '')}`;
    case 'book':
      return `Booking of ${String(p.weight ?? '')} KG`;
    case 'status-update':
      return `Booking status change to ${String(p.status ?? '')}`;
    case 'contact':
      return 'Contact message';
    case 'courier':
      return 'Courier service request';
  }
}

export function UnsentChanges({ entries }: { entries: OutboxEntry[] }) {
  const store = useStore();
  return (
    <ul aria-label="Changes not sent" className="mx-auto mt-2 flex max-w-6xl flex-col gap-2">
      {entries.map((entry) => (
        <li
          key={entry.key}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-white px-3 py-2 text-slate-800 ring-1 ring-amber-200"
        >
          <div className="min-w-0 flex-1">
            <p className="font-medium">{describeEntry(entry)}</p>
            <p className="text-red-700">{entry.lastError ?? 'The server refused this change.'}</p>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => void retryEntry(store, entry.key)}
              className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <RotateCcw aria-hidden="true" className="size-4" /> Retry
            </button>
            <button
              type="button"
              onClick={async () => {
                await discardEntry(store, entry.key);
                toast.success('Change discarded');
              }}
              className="inline-flex items-center gap-1 rounded-md border border-red-200 px-3 py-1.5 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
            >
              <Trash2 aria-hidden="true" className="size-4" /> Discard
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
