// "Report or block" on a booking's other side (issue 30): a report names the booking (the team
// sees it with the reported person), and blocking stops new bookings and messages between the
// two. Both are changes like any other: accepted offline, kept on the device and sent once.
import { useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { t as activeT, useT } from '@/client/i18n/i18n';
import { refusalOr, refusalText } from '@/client/i18n/refusals';
import { Button } from '@/client/ui/button';
import { blockUser, reportUser } from '@/data';
import type { PeopleTranslate } from '../bookings/-components/thread-text';
import { type ReportChoice, ReportDialog } from './report-dialog';

/**
 * What the screen says once a report (and a block) is kept: sent now, or once back online.
 * `message`: the report is of a message (its writer is who gets blocked).
 */
export function reportedText(
  blocked: boolean,
  online: boolean,
  message = false,
  t: PeopleTranslate = activeT,
): string {
  if (message) {
    if (blocked) return online ? t('people.report.messageBlocked') : t('people.report.messageBlockedOffline');
    return online ? t('people.report.message') : t('people.report.messageOffline');
  }
  if (blocked) return online ? t('people.report.blocked') : t('people.report.blockedOffline');
  return online ? t('people.report.done') : t('people.report.doneOffline');
}

/** Whom a booking's report names: its carrier or its traveller (as the booking shows them). */
export type ReportedSide = 'Carrier' | 'Traveller';

export function ReportPerson({
  bookingId,
  email,
  who,
}: {
  bookingId: string;
  email: string;
  who: ReportedSide;
}) {
  const store = useStore();
  const t = useT('people');
  const side = who === 'Carrier' ? 'carrier' : 'traveller';
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
      if (refused) toast.error(refusalText(refused.code, t));
      else toast.success(reportedText(choice.block, navigator.onLine, false, t));
      setOpen(false);
    } catch (err) {
      toast.error(refusalOr(err, t('people.report.failed'), t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" className="px-2 text-red-700" onClick={() => setOpen(true)}>
        {t('people.report.open', { who: side })}
      </Button>
      {open ? (
        <ReportDialog
          title={t('people.report.title', { who: side })}
          canBlock
          busy={busy}
          onSubmit={(choice) => void submit(choice)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
