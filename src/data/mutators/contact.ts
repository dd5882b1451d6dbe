// contact on the device: nothing to show but the waiting list's line.
import Dexie from 'dexie';
import type { LocalMutator } from '../engine';

export const contact: LocalMutator<'contact'> = {
  label: () => ({ key: 'contact' }),
  // Dexie promises, not native ones: they keep a transaction alive however many are awaited.
  apply: () => Dexie.Promise.resolve(),
  settle: () => Dexie.Promise.resolve(),
};
