// block, unblock and report on the device (issue 30): nothing to show but the waiting list's
// line until the server has them; the screen says they are kept and sent when online.
import Dexie from 'dexie';
import type { LocalMutator } from '../engine';

export const block: LocalMutator<'block'> = {
  label: () => ({ key: 'block' }),
  // Dexie promises, not native ones: they keep a transaction alive however many are awaited.
  apply: () => Dexie.Promise.resolve(),
  settle: () => Dexie.Promise.resolve(),
};

export const unblock: LocalMutator<'unblock'> = {
  label: () => ({ key: 'unblock' }),
  apply: () => Dexie.Promise.resolve(),
  settle: () => Dexie.Promise.resolve(),
};

export const report: LocalMutator<'report'> = {
  label: (a) => ({ key: 'report', values: { kind: a.kind } }),
  apply: () => Dexie.Promise.resolve(),
  settle: () => Dexie.Promise.resolve(),
};
