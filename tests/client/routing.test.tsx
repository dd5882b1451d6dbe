// The router's own features: the authenticated layout route (redirect to login keeping the
// asked-for screen, its pending screen) and My Bookings' tab in the URL.
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '@/client/app';
import { createAppRouter } from '@/client/router';
import { createStoreLoader } from '@/client/store-loader';
import type { Store } from '@/data';
import type { Order } from '@/domain/booking/schema';
import type { BookingStatus } from '@/domain/booking/status';
import { type FakeApi, fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp, seedSession, appStore as testStore } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';

function order(id: string, status: BookingStatus): Order {
  return makeOrder(id, { status, departure: '2099-05-01' });
}

/** A server that answers 401 until the login, as the real one does with its cookie. */
function loginApi(): FakeApi {
  const api = fakeApi({ authed: false });
  let loggedIn = false;
  api.on('GET /api/auth', () => (loggedIn ? json({ status: 200 }) : json({ status: 401 }, 401)));
  api.on('POST /auth/login', () => {
    loggedIn = true;
    return json({ token: 't', email: 'asha@example.com', name: 'Asha', phone: '9876543210', message: 'ok' });
  });
  return api;
}

async function logIn() {
  await userEvent.type(screen.getByLabelText('Email Address'), 'asha@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret@123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('the authenticated layout route', () => {
  it('sends a visitor to login with the screen they asked for, and opens it after login', async () => {
    const api = loginApi();
    const { router } = renderApp('/mybookings?tab=cancelled', { session: null, api });
    await findHeading('Welcome back');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toEqual({ redirect: '/mybookings?tab=cancelled' });
    await logIn();
    // The move waits LOGIN_REDIRECT_DELAY_MS by design.
    await findHeading('Your Bookings', 10_000);
    expect(router.state.location.pathname).toBe('/mybookings');
    expect(router.state.location.search).toEqual({ tab: 'cancelled' });
    expect(pressed('Cancelled')).toBe('true');
  }, 20_000);

  it('sends a signed-in user from the login screen straight to its target', async () => {
    const { router } = renderApp('/?redirect=%2Fcontact');
    await findHeading('Contact Us');
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('never sends anyone to another site: a target that is not a path here goes to the role choice', async () => {
    const { router } = renderApp('/?redirect=%2F%2Fevil.example%2Fx');
    await findHeading('Who are you?');
    expect(router.state.location.pathname).toBe('/choose_user_type');
  });

  it('sends a visitor from an unknown path to login first', async () => {
    const { router } = renderApp('/no-such-page', { session: null });
    await findHeading('Welcome back');
    expect(router.state.location.search).toEqual({ redirect: '/no-such-page' });
  });

  it('shows a signed-in user Page not found, with the header', async () => {
    renderApp('/no-such-page');
    await findHeading('Page not found');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('keeps /login as the login screen', async () => {
    const { router } = renderApp('/login', { session: null });
    await findHeading('Welcome back');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows its pending screen while the data layer loads, then the screen', async () => {
    const api = fakeApi();
    const store = testStore(api);
    let open: (s: Store) => void = () => {};
    const opened = new Promise<Store>((resolve) => {
      open = resolve;
    });
    // A data layer that takes its time (a slow first visit): the login screen needs none of it.
    const storeLoader = createStoreLoader(store.storage, () => opened);
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const { router, auth } = createAppRouter(storeLoader, history);
    render(<App storeLoader={storeLoader} router={router} auth={auth} />);
    await findHeading('Welcome back');
    seedSession(store, { role: 'traveller' });
    act(() => void router.navigate({ to: '/mybookings' }));
    // The router's pendingMs passes before it shows.
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      'Loading...',
    );
    expect(screen.queryByRole('heading', { name: 'Your Bookings' })).toBeNull();
    open(store);
    await findHeading('Your Bookings', 5000);
    expect(screen.queryByText('Loading...')).toBeNull();
  }, 20_000);
});

describe("My Bookings' tab in the URL", () => {
  function bookingsApi() {
    const api = fakeApi();
    api.on('GET /api/orders', () =>
      json({ bookings: [order('a', 'pending'), order('b', 'completed'), order('c', 'cancelled')] }),
    );
    return api;
  }

  it('puts the chosen tab in the URL, and back returns to the previous tab', async () => {
    const { router } = renderApp('/mybookings', { api: bookingsApi() });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(pressed('All Bookings')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(router.state.location.search).toEqual({ tab: 'completed' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(router.state.location.search).toEqual({ tab: 'cancelled' });
    act(() => router.history.back());
    await waitFor(() => expect(pressed('Completed')).toBe('true'));
    expect(router.state.location.search).toEqual({ tab: 'completed' });
    act(() => router.history.back());
    await waitFor(() => expect(pressed('All Bookings')).toBe('true'));
    expect(router.state.location.search).toEqual({});
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('opens a deep link on its tab', async () => {
    renderApp('/mybookings?tab=cancelled', { api: bookingsApi() });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(pressed('Cancelled')).toBe('true');
  });

  it('reads an unknown tab as the first', async () => {
    const { router } = renderApp('/mybookings?tab=nonsense', { api: bookingsApi() });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(pressed('All Bookings')).toBe('true');
    expect(router.state.location.search).toEqual({});
  });

  it('pulls once per visit, not on every tab change', async () => {
    const api = bookingsApi();
    renderApp('/mybookings', { api });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    const pulls = () => api.calls.filter((c) => c.startsWith('GET /api/sync/pull')).length;
    const before = pulls();
    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(pulls()).toBe(before);
  });
});
