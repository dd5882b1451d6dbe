// set-locale (PUT /api/profile/locale): the account's language. Its mails and pushes are written
// in it from the next one on; the profile's change log takes it to the user's other devices.
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { ServerMutator } from './mutator';

export const setLocale: ServerMutator<'set-locale'> = async ({ tx, user }, input) => {
  await tx.update(users).set({ locale: input.locale }).where(eq(users.id, user.id));
  return { status: 200, body: { locale: input.locale } };
};
