// report-message on the device: nothing to show but the waiting list's line; the server keeps
// the report for review with the thread.
import Dexie from 'dexie';
import type { LocalMutator } from '../engine';

export const reportMessage: LocalMutator<'report-message'> = {
  label: () => ({ key: 'reportMessage' }),
  apply: () => Dexie.Promise.resolve(),
  settle: () => Dexie.Promise.resolve(),
};
