// Profile: the booking e-mails switch. Booking news goes as a push to the devices with
// notifications on; with none, by e-mail unless this is off. Read from and saved to the server.
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { loadNotificationSettings, saveNotificationSettings } from '@/data';

export function BookingEmails() {
  const store = useStore();
  const t = useT('people');
  const id = useId();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    loadNotificationSettings(store).then(
      (s) => live && setOn(s.bookingEmails),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store]);

  // Offline, or not answered yet: nothing to switch.
  if (on === null) return null;

  async function change(next: boolean) {
    setBusy(true);
    try {
      setOn((await saveNotificationSettings(store, { bookingEmails: next })).bookingEmails);
    } catch {
      toast.error(t('people.emails.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('people.emails.title')}
      </h2>
      <div className="mt-2 flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4 accent-brand-600"
          checked={on}
          disabled={busy}
          onChange={(e) => void change(e.target.checked)}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {t('people.emails.label')}
        </label>
      </div>
    </section>
  );
}
