// The profile screen's data: the user's details and booking counts, which come with every pull.
import { pull } from './pull';
import { getSession, loadSession } from './session';
import type { Store } from './store';

/** Kept as a name for the screens: one pull refreshes the profile with everything else. */
export async function refreshProfile(store: Store): Promise<void> {
  const session = getSession(store) ?? (await loadSession(store));
  if (!session) throw new Error('Email not found in local storage.');
  await pull(store);
}
