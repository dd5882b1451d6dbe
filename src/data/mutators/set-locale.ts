// set-locale on the device: the profile shows the new language at once (the switch has already
// re-rendered the app in it); the next pull brings the server's.
import type { LocalMutator } from '../engine';

export const setLocale: LocalMutator<'set-locale'> = {
  label: (a) => ({ key: 'setLocale', values: { locale: a.locale } }),
  async apply({ db }, entry) {
    const row = await db.profile.get(entry.user);
    if (!row) return;
    await db.profile.put({ ...row, profile: { ...row.profile, locale: entry.args.locale } });
  },
  async settle() {
    // The profile row is the pull's: the change log brings the saved language with the next one.
  },
};
