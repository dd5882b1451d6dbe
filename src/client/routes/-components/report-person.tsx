// "Report or block" on a booking's other side (issue 30): a report names the booking (the team
// sees it with the reported person), and blocking stops new bookings and messages between the
// two. Both are changes like any other: accepted offline, kept on the device and sent once.
import { useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { Button } from '@/client/ui/button';
import { blockUser, reportUser } from '@/data';
import { ERRORS } from '@/domain/errors';
import { type ReportChoice, ReportDialog } from './report-dialog';

/**
 * What the screen says once a report (and a block) is kept: sent now, or once back online.
 * `message`: the report is of a message (its writer is who gets blocked).
 */
export function reportedText(blocked: boolean, online: boolean, message = false): string {
  const what = message
    ? blocked
      ? 'Message reported and its writer blocked.'
      : 'Message reported.'
    : blocked
      ? 'Reported and blocked.'
      : 'Reported.';
  return online
    ? `${what} Our team will review it.`
    : `${what} You are offline: it is kept on this device and sent when you are back online.`;
}

export function ReportPerson({ bookingId, email, who }: { bookingId: string; email: string; who: string }) {
  const store = useStore();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (choice: ReportChoice) => {
    setBusy(true);
    try {
      const reported = await reportUser(store, {
        kind: 'booking',
        bookingId,
        reason: choice.reason,
        details: choice.details,
      });
      const blocked = choice.block ? await blockUser(store, { email }) : null;
      const refused = !reported.ok ? reported : blocked && !blocked.ok ? blocked : null;
      if (refused) toast.error(ERRORS[refused.code].message);
      else toast.success(reportedText(choice.block, navigator.onLine));
      setOpen(false);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not report. Please try again.');
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
