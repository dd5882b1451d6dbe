// The search in the URL: a search writes its fields (and later its filters) into the URL, and a
// URL naming a search shows its results from the local store, with or without the server;
// Confirm Booking's URL carries the listing id and opens it from the local store.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@/domain/listing/departure';
import { fakeApi, json } from '../support/client-fake-api';
import { appStore, findHeading, renderApp, searchFlight } from '../support/client-render-app';
import { makeListing } from '../support/client-rows';

const DATE = '2099-05-01';
/** A search result of Ravi Kumar's with `available` KG left at `cost` per KG. */
const listing = (id: string, cost: number, available: number) =>
  makeListing(id, { email: 'ravi@example.com', name: 'Ravi Kumar', cost, weight: available, available });
const QUERY = `from=DEL&to=BOM&departure=${DATE}&flightNo=AI101&airline=AI`;

const DEPARTED = 'This flight has already departed, so it can no longer be booked.';

const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('search state in the URL', () => {
  it('puts the search into the URL, then the filters, and back from Confirm Booking restores both', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () => json([listing('a', 800, 5), listing('b', 4000, 12)]));
    const { router } = renderApp('/travellerhome', { api });
    await searchFlight(DATE);
    expect(await screen.findByText('Showing 2 of 2 results')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ from: 'DEL', to: 'BOM', flightNo: 'AI101' });
    await userEvent.click(screen.getByLabelText('Under ₹1,000'));
    expect(router.state.location.search).toMatchObject({ budgets: ['under-1000'] });
    await userEvent.click(screen.getByRole('button', { name: /Book Now/ }));
    await findHeading('Flight & Carrier Information');
    expect(router.state.location.pathname).toBe('/booking');
    expect(router.state.location.search).toEqual({ listing: 'a' });
    router.history.back();
    expect(await screen.findByText('Showing 1 of 2 results')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your search' }).textContent).toContain('DEL → BOM');
    expect((screen.getByLabelText('Under ₹1,000') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit search' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toContain('(DEL)');
  });

  it('shows the results of a URL search from the local store when the server cannot be reached', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () => json([listing('a', 800, 5), listing('b', 4000, 12)]));
    const store = appStore(api);
    const first = renderApp(`/travellerhome?${QUERY}`, { api, store });
    expect(await screen.findByText('Showing 2 of 2 results')).toBeTruthy();
    first.unmount();
    api.on('POST /api/search-listings', offline);
    renderApp(`/travellerhome?${QUERY}&weights=%5B%22over-10%22%5D`, { api, store });
    expect(await screen.findByText('Showing 1 of 2 results')).toBeTruthy();
    expect(screen.getByText('₹4,000')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your search' }).textContent).toContain('AI101');
    await userEvent.click(screen.getByRole('button', { name: 'Edit search' }));
    expect(((await screen.findByLabelText('Flight Number')) as HTMLInputElement).value).toBe('AI101');
  });

  it('ignores what it cannot read in the URL', async () => {
    renderApp('/travellerhome?from=DEL&budgets=%5B%22lots%22%5D&weights=7');
    expect(await screen.findByText('Search a flight to see who can carry for you')).toBeTruthy();
    expect(((await screen.findByLabelText('From')) as HTMLInputElement).value).toBe('');
  });
});

/** A fresh session's search for `query`, answered online with the one listing `row`; the results stay open as `first`. */
async function searchedOnline(row: ReturnType<typeof listing>, query: string) {
  sessionStorage.clear();
  const api = fakeApi();
  api.on('POST /api/search-listings', () => json([row]));
  const store = appStore(api);
  const first = renderApp(`/travellerhome?${query}`, { api, store });
  expect(await screen.findByText('Showing 1 of 1 results')).toBeTruthy();
  return { api, store, first };
}

describe('Confirm Booking by URL', () => {
  it('opens /booking?listing=<id> from the local store, offline', async () => {
    const { api, store, first } = await searchedOnline(listing('a', 800, 5), QUERY);
    first.unmount();
    api.on('POST /api/search-listings', offline);
    renderApp('/booking?listing=a', { api, store });
    await findHeading('Flight & Carrier Information');
    expect((screen.getByLabelText('Weight (KG)') as HTMLInputElement).value).toBe('5');
    expect(screen.getByLabelText('Total price').textContent).toBe('₹4,000');
  });

  it('shows a flight that left since it was stored as departed, and neither Book Now nor Confirm Booking books it', async () => {
    // Today's first minute in Delhi (the origin's zone): the flight has left by now.
    const today = todayIn(Date.now(), 'Asia/Kolkata');
    const left = { ...listing('gone', 800, 5), departure: today, time: '00:00' };
    const query = `from=DEL&to=BOM&departure=${today}&flightNo=AI101&airline=AI`;
    const { api, store, first } = await searchedOnline(left, query);
    expect(await screen.findByText(DEPARTED)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Book Now/ }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    api.on('POST /api/search-listings', offline);
    renderApp('/booking?listing=gone', { api, store });
    await findHeading('Flight & Carrier Information');
    expect(await screen.findByText(DEPARTED)).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm Booking' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.click(confirm);
    expect(await store.db.outbox.count()).toBe(0);
  });

  it('keeps Book Now and Confirm Booking enabled for a flight still to leave', async () => {
    const { api, store, first } = await searchedOnline(listing('a', 800, 5), QUERY);
    expect((screen.getByRole('button', { name: /Book Now/ }) as HTMLButtonElement).disabled).toBe(false);
    first.unmount();
    renderApp('/booking?listing=a', { api, store });
    await findHeading('Flight & Carrier Information');
    expect((screen.getByRole('button', { name: 'Confirm Booking' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.queryByText(DEPARTED)).toBeNull();
  });

  it('says there is no booking data for an id this device has never seen', async () => {
    sessionStorage.clear();
    renderApp('/booking?listing=nowhere');
    expect(await screen.findByText('No booking data found. Please go back and try again.')).toBeTruthy();
  });
});
