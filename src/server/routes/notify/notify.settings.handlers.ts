// A user's notification settings: booking e-mails on (the default) or off.
import type { Context } from 'hono';
import type { notificationSettingsSchema } from '@/domain/notify/schema';
import { requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import type { JsonContext } from '../../http/validate';
import { bookingEmailsOf, saveBookingEmails } from '../../model/notify.queries';

export async function readSettings(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  return c.json({ bookingEmails: await bookingEmailsOf(deps.db, user.id) });
}

export async function saveSettings(c: JsonContext<typeof notificationSettingsSchema>, deps: Deps) {
  const user = requireUser(c);
  const input = c.req.valid('json');
  await saveBookingEmails(deps.db, user.id, input.bookingEmails, new Date(deps.clock.now()));
  return c.json({ bookingEmails: input.bookingEmails });
}
