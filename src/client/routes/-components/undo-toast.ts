// The toast a held change shows while it can still be taken back: its words and an Undo that
// takes the change off the outbox before it leaves the device. `done` comes in the user's language.
import { toast } from 'sonner';
import { t } from '@/client/i18n/i18n';
import { type Queued, type Store, undoChange } from '@/data';

export function undoToast(store: Store, done: string, queued: Queued): void {
  toast.success(done, {
    duration: queued.holdMs,
    action: {
      label: t('undo.action'),
      onClick: () => {
        void undoChange(store, queued.key).then((undone) => {
          if (undone) toast.success(t('undo.done'));
          else toast.error(t('undo.tooLate'));
        });
      },
    },
  });
}
