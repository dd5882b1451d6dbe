// @vitest-environment node
// The cancel cut-off is the operator's (CANCEL_CUTOFF_HOURS): the device learns it from the pull
// and keeps it offline, so its Cancel and the words beside it agree with what the server decides.
// This server's cut-off (40 days) is far from the default (6 h): a booking of a flight 30 days away
// can no longer be cancelled by its traveller, and a device still on the default would say it can.
import { describe, expect, it } from 'vitest';
import { ApiError, cancelCutoffHoursQuery, cancelMyBooking, pull, travellerCancelQuery } from '@/data';
import { CANCEL_CUTOFF_HOURS_DEFAULT } from '@/domain/booking/status';
import { acceptedBooking } from '../support/data-bookings';
import { serverPerFile } from '../support/server-app';

const HOURS = 40 * 24;
const server = serverPerFile({ config: { cancelCutoffMs: HOURS * 60 * 60 * 1000 } });
const reason = { code: 'plans-changed' as const, text: '' };

describe("the server's cancel cut-off on the device", () => {
  it('is learnt from the pull and decides Cancel as the server would, offline too', async () => {
    const { traveller, id } = await acceptedBooking(server);
    expect(await cancelCutoffHoursQuery(traveller.store)).toBe(HOURS);
    const row = await traveller.store.db.bookings.get(id);
    if (!row) throw new Error('no booking mirrored');
    expect(await travellerCancelQuery(traveller.store, row)).toEqual({
      verdict: { ok: false, code: 'booking/cancel-too-late' },
      cutoffHours: HOURS,
    });
    // Offline the kept value still decides: refused on the device, nothing queued.
    traveller.net.down = true;
    const refused = await cancelMyBooking(traveller.store, id, reason).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('booking/cancel-too-late');
    expect(await traveller.store.db.outbox.count()).toBe(0);
  });

  it('is the default until a pull has said, and a pending booking may always be cancelled', async () => {
    const { traveller, id } = await acceptedBooking(server);
    await traveller.store.db.meta.clear();
    expect(await cancelCutoffHoursQuery(traveller.store)).toBe(CANCEL_CUTOFF_HOURS_DEFAULT);
    await pull(traveller.store);
    expect(await cancelCutoffHoursQuery(traveller.store)).toBe(HOURS);
    const row = await traveller.store.db.bookings.get(id);
    if (!row) throw new Error('no booking mirrored');
    const pending = await travellerCancelQuery(traveller.store, { ...row, status: 'pending' });
    expect(pending.verdict).toEqual({ ok: true });
  });
});
