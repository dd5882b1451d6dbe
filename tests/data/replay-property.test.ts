// @vitest-environment node
// Property: any interleaving of commands, network cuts, lost answers (a whole batch applied and
// its answer lost), restarts, pulls and pushes ends with the server holding exactly the commands
// issued, each applied once, the last status per booking winning.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createStore,
  openDb,
  pull,
  replayOutbox,
  type Store,
  sendContactMessage,
  updateBookingStatus,
} from '@/data';
import { BOOKING_ACTIONS } from '@/domain/booking/status';
import { bookings, contactMessages, syncClients, users } from '@/server/db/schema';
import { bookedListing } from '../support/data-bookings';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();

const op = fc.oneof(
  fc.constant({ t: 'contact' } as const),
  fc.record({
    t: fc.constant('status' as const),
    b: fc.integer({ min: 0, max: 1 }),
    a: fc.constantFrom(...BOOKING_ACTIONS),
  }),
  fc.constant({ t: 'down' } as const),
  fc.constant({ t: 'up' } as const),
  fc.constant({ t: 'drop' } as const),
  fc.constant({ t: 'replay' } as const),
  fc.constant({ t: 'restart' } as const),
  fc.constant({ t: 'pull' } as const),
);

/** A carrier with one listing and two bookings on it, mirrored locally. */
async function world() {
  const { carrier, orders } = await bookedListing(server, { weight: 10, kgs: [1, 2] });
  return { carrier, bookingIds: orders.map((o) => o.id).sort() };
}

describe('replayOutbox (property)', () => {
  it('delivers exactly the issued commands, once each, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 14 }), async (ops) => {
        const { carrier: s, bookingIds } = await world();
        let store: Store = s.store;
        const contactKeys: string[] = [];
        const statusKeys: Record<string, string[]> = {};
        const lastStatus: Record<string, string> = {};
        for (const o of ops) {
          if (o.t === 'contact') {
            const msg = {
              name: 'Asha Rao',
              email: s.user.email,
              phone: s.user.phone,
              message: `m${contactKeys.length}`,
            };
            contactKeys.push((await sendContactMessage(store, msg)).key);
          } else if (o.t === 'status') {
            const id = bookingIds[o.b] ?? '';
            const before = await store.db.outbox.count();
            const result = await updateBookingStatus(store, id, o.a);
            if (result.ok) {
              const entries = await store.db.outbox.orderBy('createdAt').toArray();
              expect(entries).toHaveLength(before + 1);
              statusKeys[id] = [...(statusKeys[id] ?? []), entries.at(-1)?.key ?? ''];
              lastStatus[id] = result.status;
            }
          } else if (o.t === 'down') s.net.down = true;
          else if (o.t === 'up') s.net.down = false;
          else if (o.t === 'drop') s.net.inject('drop');
          else if (o.t === 'replay') {
            await replayOutbox(store);
            s.clock.t += 10 * 60_000;
          } else if (o.t === 'pull') {
            await pull(store).catch(() => undefined);
          } else {
            store.db.close();
            store = createStore({
              db: openDb(s.dbName),
              baseUrl: 'http://localhost',
              fetch: s.net.fetch,
              now: () => s.clock.t,
            });
            store.storage = null;
          }
        }
        s.net.down = false;
        for (let i = 0; i < 10 && (await store.db.outbox.count()) > 0; i += 1) {
          await replayOutbox(store);
          s.clock.t += 10 * 60_000;
        }
        expect(await store.db.outbox.count()).toBe(0);
        // Each contact message once.
        const rows = await server.db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.email, s.user.email));
        expect(rows.map((r) => r.message).sort()).toEqual(contactKeys.map((_, i) => `m${i}`).sort());
        // The last status issued per booking is the server's.
        for (const id of bookingIds) {
          const [b] = await server.db.select().from(bookings).where(eq(bookings.id, id));
          expect(b?.status).toBe(lastStatus[id] ?? 'pending');
        }
        // Every issued command was applied under one mutation id, none skipped (the answers go once
        // the device's pull acknowledges them, so the ids are what remains to count).
        const [me] = await server.db.select().from(users).where(eq(users.email, s.user.email));
        const clients = await server.db
          .select({ last: syncClients.lastMutationId })
          .from(syncClients)
          .where(eq(syncClients.userId, me?.id ?? ''));
        const issued = contactKeys.length + Object.values(statusKeys).flat().length + 1; // + the listing
        expect(clients.reduce((sum, c) => sum + c.last, 0)).toBe(issued);
        store.db.close();
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
