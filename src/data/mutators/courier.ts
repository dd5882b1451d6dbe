// courier on the device: the request shows in "My courier requests" at once (pending, status
// submitted), waits for its photo's upload (the photo lane), then goes with the photo's url; once
// no entry needs the photo, the lane drops its bytes. The server's answer is the confirmed row.
// courier-withdraw closes the request at once; the server's row confirms it.
import * as v from 'valibot';
import { type CourierRow, courierAnswerSchema } from '@/domain/courier/status';
import type { ErrorCode } from '@/domain/errors';
import type { LocalMutator } from '../engine';
import { confirmRow, patchRow, putLocalRow } from '../engine';

const lastFour = (plain: string) => plain.replace(/[^A-Za-z0-9]/g, '').slice(-4);

export const courier: LocalMutator<'courier'> = {
  label: () => ({ key: 'courier' }),
  async apply({ db }, entry) {
    const a = entry.args;
    if (!a.id) return;
    const row: CourierRow = {
      id: a.id,
      status: 'submitted',
      from: a.from,
      to: a.to,
      firstDay: a.firstDay,
      lastDay: a.lastDay,
      weight: a.weight,
      itemCategory: a.itemCategory,
      itemDescription: a.itemDescription,
      declaredValue: a.declaredValue,
      recipientName: a.recipientName,
      recipientPhone: a.recipientPhone,
      paymentMode: a.paymentMode,
      governmentIdType: a.governmentIdType,
      governmentIdLast4: lastFour(a.governmentIdNumber),
      itemImageUrl: a.itemImageUrl,
      createdAt: entry.createdAt,
      bookingId: null,
      history: [{ status: 'submitted', at: entry.createdAt, note: '' }],
      matches: [],
    };
    await putLocalRow(db.couriers, row, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(courierAnswerSchema, body);
    if (server.success) await confirmRow(db.couriers, server.output.request, entry);
  },
  waitsFor: (entry) => entry.local.photo,
  waitFor: (entry, photo) => ({ ...entry.local, photo }),
  photoGone: ['courier/image-not-uploaded'] satisfies ErrorCode[],
  prepare: (entry, { photoUrl }) => (photoUrl ? { ...entry.args, itemImageUrl: photoUrl } : entry.args),
};

export const courierWithdraw: LocalMutator<'courier-withdraw'> = {
  label: () => ({ key: 'withdrawCourier' }),
  async apply({ db }, entry) {
    const row = await db.couriers.get(entry.args.id);
    if (!row) return;
    const history = [
      ...row.history,
      { status: 'closed' as const, at: entry.createdAt, note: 'Withdrawn by the sender' },
    ];
    await patchRow(db.couriers, row.id, { status: 'closed', history, matches: [] }, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(courierAnswerSchema, body);
    if (server.success) await confirmRow(db.couriers, server.output.request, entry);
  },
};
