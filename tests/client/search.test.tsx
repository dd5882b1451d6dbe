// Listing search and Confirm Booking: first-empty-field warning, results and filters, the
// no-match message, the reference failure, and booking a listing into the local store.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@/domain/listing/departure';
import { MSG } from '@/domain/texts';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp, searchFlight } from '../support/client-render-app';
import { makeListing } from '../support/client-rows';

const DATE = '2099-05-01';

describe('Listing search', () => {
  it('shows every missing required field at once, and asks for no flight or airline', async () => {
    renderApp('/travellerhome');
    // The first screen of the file loads its route's code: more than findBy's default second on a busy machine.
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }, { timeout: 10_000 }));
    expect(await screen.findByText('Please fill out the "From" field.')).toBeTruthy();
    expect(screen.getByText('Please fill out the "To" field.')).toBeTruthy();
    expect(screen.getByText('Please fill out the "Departure Date" field.')).toBeTruthy();
    expect(screen.queryByText('Please fill out the "Flight Number" field.')).toBeNull();
    expect(screen.queryByText('Please fill out the "Airline" field.')).toBeNull();
  });

  it('searches with only from, to and date, then folds the form into a summary with Edit', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () =>
      json([makeListing('a', { cost: 800, weight: 5, available: 5 })]),
    );
    renderApp('/travellerhome', { api });
    await userEvent.type(await screen.findByLabelText('From'), 'bombay{Enter}');
    await userEvent.type(screen.getByLabelText('To'), 'delhi{Enter}');
    await userEvent.type(screen.getByLabelText('Departure Date'), DATE);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 1 of 1 results')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Your search' });
    expect(summary.textContent).toContain('BOM → DEL');
    expect(summary.textContent).toContain('Mumbai to Delhi');
    expect(screen.queryByRole('form', { name: 'Search listings' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit search' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('Mumbai (BOM)');
  });

  it('names the airline of a typed flight number under it', async () => {
    renderApp('/travellerhome');
    await userEvent.type(await screen.findByLabelText('Flight Number'), 'ai 101');
    expect(screen.getByText('Air India (AI)')).toBeTruthy();
  });

  it('leaves the chosen origin out of the destinations and limits the date to today', async () => {
    renderApp('/travellerhome');
    await userEvent.type(await screen.findByLabelText('From'), 'DEL{Enter}');
    await userEvent.type(screen.getByLabelText('To'), 'd');
    const offered = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(offered.some((o) => o.includes('DXB'))).toBe(true);
    expect(offered.some((o) => o.includes('DEL'))).toBe(false);
    expect(screen.getByLabelText('Departure Date').getAttribute('min')).toBe(todayIn(Date.now()));
  });

  it("shows results with 'Showing X of Y', hides the user's own listing, and filters by budget", async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () =>
      json([
        makeListing('a', { cost: 800, weight: 5, available: 5 }),
        makeListing('b', { cost: 4000, weight: 12, available: 12 }),
        makeListing('own', { cost: 10, weight: 3, available: 3, email: 'asha@example.com' }),
      ]),
    );
    renderApp('/travellerhome', { api });
    await searchFlight(DATE);
    expect(await screen.findByText('Showing 2 of 2 results')).toBeTruthy();
    expect(await screen.findByText('Found 3 listing(s)!')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Under ₹1,000'));
    expect(screen.getByText('Showing 1 of 2 results')).toBeTruthy();
    expect(screen.getByText('₹800')).toBeTruthy();
  });

  it("shows each departure at its airport's clock, naming the zone where it differs from the device's", async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () =>
      json([
        makeListing('dubai', { from: 'DXB', time: '09:30', cost: 900 }),
        makeListing('delhi', { from: 'DEL', time: '14:05', cost: 800 }),
      ]),
    );
    renderApp('/travellerhome', { api });
    await searchFlight(DATE);
    await screen.findByText('Showing 2 of 2 results');
    // The device keeps India's time (tests/support/setup-client.ts): Dubai's clock is named, Delhi's is not.
    expect(screen.getByText('9:30 am GST').closest('dd')?.textContent).toBe('1 May, 9:30 am GST');
    expect(screen.getByText('2:05 pm').closest('dd')?.textContent).toBe('1 May, 2:05 pm');
  });

  it('explains when the filters hide every result', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () =>
      json([makeListing('a', { cost: 800, weight: 5, available: 5 })]),
    );
    renderApp('/travellerhome', { api });
    await searchFlight(DATE);
    await screen.findByText('Showing 1 of 1 results');
    await userEvent.click(screen.getByLabelText('Over 10 KG'));
    expect(screen.getByText('No listings match your current filters')).toBeTruthy();
    expect(screen.getByText('Try adjusting your budget or weight filters to see more results')).toBeTruthy();
  });

  it('shows the team-will-contact message when nothing matched', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () => json({ message: 'Saved your request.' }));
    renderApp('/travellerhome', { api });
    await searchFlight(DATE);
    expect(await screen.findByText('Our Team will contact you as soon as we find a match.')).toBeTruthy();
    // The words are the app's (in the user's language), never the server's.
    expect(
      screen.getByText('No direct matches found. Our team will contact you soon!', { selector: 'p' }),
    ).toBeTruthy();
    expect(screen.queryByText('Saved your request.')).toBeNull();
  });

  it("shows 'Failed to load data' with Retry when airports cannot be loaded", async () => {
    const api = fakeApi();
    api.on('GET /api/get/airports', () => json({ message: 'down' }, 503));
    renderApp('/travellerhome', { api });
    expect(await screen.findByText('Failed to load data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('refuses to search without the stored user details', async () => {
    const api = fakeApi();
    const view = renderApp('/travellerhome', { api });
    view.store.storage?.removeItem('phone');
    await searchFlight(DATE);
    expect(await screen.findByText(MSG.userInfoMissing)).toBeTruthy();
    expect(api.calls).not.toContain('POST /api/search-listings');
  });
});

describe('Confirm Booking', () => {
  it('says there is no booking data without a listing', async () => {
    sessionStorage.clear();
    renderApp('/booking');
    expect(await screen.findByText('No booking data found. Please go back and try again.')).toBeTruthy();
  });

  it('prefills the space left, shows the total and refuses more than the space left', async () => {
    renderApp('/booking', { state: { listing: makeListing('a', { cost: 800, weight: 5, available: 5 }) } });
    await findHeading('Flight & Carrier Information');
    const weight = screen.getByLabelText('Weight (KG)') as HTMLInputElement;
    expect(weight.value).toBe('5');
    expect(screen.getByLabelText('Total price').textContent).toBe('₹4,000');
    await userEvent.clear(weight);
    await userEvent.type(weight, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(MSG.bookingTooHeavy)).toBeTruthy();
  });

  it('queues the booking, toasts and returns to the search', async () => {
    const { store } = renderApp('/booking', {
      state: { listing: makeListing('a', { cost: 800, weight: 5, available: 5 }) },
    });
    await findHeading('Flight & Carrier Information');
    await userEvent.clear(screen.getByLabelText('Weight (KG)'));
    await userEvent.type(screen.getByLabelText('Weight (KG)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await findHeading("Can't Carry Your Luggage?");
    expect(screen.getByText('Booking Conformed')).toBeTruthy();
    await waitFor(async () =>
      expect((await store.db.bookings.toArray()).map((b) => [b.weight, b.cost, b.syncState])).toEqual([
        [2, 1600, 'pending'],
      ]),
    );
  });
});
