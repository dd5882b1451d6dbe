// "Report or block" on a booking's other side (issue 30): a report names the booking (the team
// sees it with the reported person), and blocking stops new bookings and messages between the
// two. Both need the network: said in words when it is not there.
import { useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { Button } from '@/client/ui/button';
import { blockUser, isOffline, reportUser } from '@/data';
import { type ReportChoice, ReportDialog } from './report-dialog';

export function ReportPerson({ bookingId, email, who }: { bookingId: string; email: string; who: string }) {
  const store = useStore();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (choice: ReportChoice) => {
    setBusy(true);
    try {
      await reportUser(store, { kind: 'booking', bookingId, reason: choice.reason, details: choice.details });
      if (choice.block) await blockUser(store, { email });
      toast.success(
        choice.block
          ? 'Reported and blocked. Our team will review it.'
          : 'Reported. Our team will review it.',
      );
      setOpen(false);
    } catch (err) {
      toast.error(
        isOffline(err)
          ? 'You are offline. Reporting needs a connection: try again when you are back online.'
          : err instanceof Error
            ? err.message
            : 'Could not report. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" className="px-2 text-red-700" onClick={() => setOpen(true)}>
        Report or block {who.toLowerCase()}
      </Button>
      {open ? (
        <ReportDialog
          title={`Report the ${who.toLowerCase()}?`}
          canBlock
          busy={busy}
          onSubmit={(choice) => void submit(choice)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
