// A user's notification settings: booking e-mails on (the default) or off.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { notificationSettingsSchema } from '@/domain/notify/schema';
import { requireUser } from '../../auth/guard';
import { notificationSettings } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import type { JsonContext } from '../../http/validate';

export async function readSettings(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const [row] = await deps.db
    .select({ bookingEmails: notificationSettings.bookingEmails })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, user.id));
  return c.json({ bookingEmails: row?.bookingEmails ?? true });
}

export async function saveSettings(c: JsonContext<typeof notificationSettingsSchema>, deps: Deps) {
  const user = requireUser(c);
  const input = c.req.valid('json');
  const set = { bookingEmails: input.bookingEmails, updatedAt: new Date(deps.clock.now()) };
  await deps.db
    .insert(notificationSettings)
    .values({ userId: user.id, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set });
  return c.json({ bookingEmails: input.bookingEmails });
}
