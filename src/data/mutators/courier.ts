// courier on the device: the request waits for its photo's upload (the photo lane), then goes
// with the photo's url; once no entry needs the photo, the lane drops its bytes.
import Dexie from 'dexie';
import type { ErrorCode } from '@/domain/errors';
import type { LocalMutator } from '../engine';

export const courier: LocalMutator<'courier'> = {
  label: () => 'Courier service request',
  apply: () => Dexie.Promise.resolve(),
  settle: () => Dexie.Promise.resolve(),
  waitsFor: (entry) => entry.local.photo,
  waitFor: (entry, photo) => ({ ...entry.local, photo }),
  photoGone: ['courier/image-not-uploaded'] satisfies ErrorCode[],
  prepare: (entry, { photoUrl }) => (photoUrl ? { ...entry.args, itemImageUrl: photoUrl } : entry.args),
};
