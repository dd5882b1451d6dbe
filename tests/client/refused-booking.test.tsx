// A booking the server refused, as My Bookings shows it: a "Refused" pill instead of "Pending",
// the server's words, Retry only where a retry can succeed (branching on the refusal's code), and
// for a refusal for want of space the weight the listing still has, asked of the server again,
// as "Book the 1 KG still free" opening Confirm Booking with that weight.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookListing, replayOutbox } from '@/data';
import { ERRORS, type ErrorCode } from '@/domain/errors';
import { type FakeApi, fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';
import { makeListing } from '../support/client-rows';

const LISTING = makeListing('l1', { weight: 5, available: 5, cost: 800 });

function refusing(code: ErrorCode, searchAnswer: unknown[]): FakeApi {
  const api = fakeApi();
  api.on('POST /api/sync/push', async (req) => {
    const { mutations } = (await req.json()) as { mutations: { id: number }[] };
    const results = mutations.map((m) => ({ id: m.id, ok: false, code, message: ERRORS[code].message }));
    return json({ lastMutationId: mutations.at(-1)?.id ?? 0, results });
  });
  api.on('POST /api/search-listings', () => json(searchAnswer));
  return api;
}

async function refusedBooking(api: FakeApi) {
  const view = renderApp('/mybookings', { api });
  await findHeading('My Bookings');
  await act(async () => {
    await bookListing(view.store, LISTING, 3);
    await replayOutbox(view.store);
  });
  // The first screen of the file loads its route's code: more than findBy's default second on a busy machine.
  const card = await screen.findByRole('article', { name: 'DEL to BOM, Asha Rao' }, { timeout: 10_000 });
  await within(card).findByText(/Not sent:/, {}, { timeout: 5000 });
  return { ...view, card };
}

describe('A refused booking', () => {
  it('shows Refused, not Pending, offers no Retry for a full listing, and books the space still free', async () => {
    const api = refusing('listing/no-space', [{ ...LISTING, available: 1 }]);
    const { card, store } = await refusedBooking(api);
    expect(within(card).getByText('Refused')).toBeTruthy();
    expect(within(card).queryByText('Pending')).toBeNull();
    expect(within(card).getByText(ERRORS['listing/no-space'].message)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Retry' })).toBeNull();
    const offer = await within(card).findByRole(
      'button',
      { name: 'Book the 1 KG still free' },
      { timeout: 5000 },
    );
    await userEvent.click(offer);
    await findHeading('Flight & Carrier Information', 10_000);
    expect((screen.getByLabelText('Weight (KG)') as HTMLInputElement).value).toBe('1');
    // The refused booking went with the offer taken: nothing of it is left to send.
    await waitFor(async () => expect(await store.db.outbox.count()).toBe(0), { timeout: 5000 });
  });

  it('asks the search again when it failed, as on an airport link, and then offers the space', async () => {
    const api = refusing('listing/no-space', []);
    let asked = 0;
    api.on('POST /api/search-listings', () => {
      asked += 1;
      return asked === 1
        ? json({ code: 'server/internal', message: 'Try again' }, 503)
        : json([{ ...LISTING, available: 2 }]);
    });
    const { card } = await refusedBooking(api);
    expect(
      await within(card).findByRole('button', { name: 'Book the 2 KG still free' }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('says no space is left when the search no longer offers the listing', async () => {
    const { card } = await refusedBooking(refusing('listing/no-space', []));
    expect(await within(card).findByText('No space is left on this flight.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /still free/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('offers Retry for a refusal that can pass later, and asks the search nothing', async () => {
    const api = refusing('booking/quota-reached', [{ ...LISTING, available: 1 }]);
    const { card, store } = await refusedBooking(api);
    const retry = await within(card).findByRole('button', { name: 'Retry' });
    expect(within(card).queryByRole('button', { name: /still free/ })).toBeNull();
    expect(api.calls).not.toContain('POST /api/search-listings');
    // Queued to be sent again.
    await userEvent.click(retry);
    await waitFor(async () =>
      expect((await store.db.outbox.toArray()).map((e) => e.state)).toEqual(['queued']),
    );
  });

  it('offers no Retry for a listing the carrier withdrew', async () => {
    const { card } = await refusedBooking(refusing('listing/withdrawn', []));
    expect(within(card).getByText(ERRORS['listing/withdrawn'].message)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Retry' })).toBeNull();
    // Nor does the waiting list.
    await userEvent.click(await screen.findByRole('button', { name: /Show waiting list/ }));
    const list = screen.getByRole('list', { name: 'Changes waiting' });
    expect(within(list).getByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
