// The toast a held change shows while it can still be taken back: its words and an Undo that
// takes the change off the outbox before it leaves the device.
import { toast } from 'sonner';
import { type Queued, type Store, undoChange } from '@/data';

export function undoToast(store: Store, done: string, queued: Queued): void {
  toast.success(done, {
    duration: queued.holdMs,
    action: {
      label: 'Undo',
      onClick: () => {
        void undoChange(store, queued.key).then((undone) => {
          if (undone) toast.success('Undone: nothing was sent.');
          else toast.error('Too late to undo: the change has already been sent.');
        });
      },
    },
  });
}
