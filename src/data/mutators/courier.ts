// courier on the device: the request waits for its photo's upload (photos lane), then goes with
// the photo's url; once applied, the pusher drops the photo's bytes.
import Dexie from 'dexie';
import type { LocalMutator } from './local-mutator';

export const courier: LocalMutator<'courier'> = {
  label: () => 'Courier service request',
  apply: () => Dexie.Promise.resolve(),
  // The photo is dropped by the pusher once no queued request needs it (replay.ts).
  settle: () => Dexie.Promise.resolve(),
};
