// The app shell: the first auth check, redirects, the offline rule, not-found, and page views.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/domain/constants';
import { fakeApi } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';

describe('App', () => {
  it("shows 'Loading...' while the first auth check runs", async () => {
    renderApp('/', { session: null });
    expect(screen.getByText('Loading...')).toBeTruthy();
    await findHeading('Welcome back');
  });

  it('sends a visitor without a session from a private route to the login screen', async () => {
    const { router } = renderApp('/mybookings', { session: null, api: fakeApi({ authed: false }) });
    await findHeading('Welcome back');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a visitor with no stored session the login screen without asking the server', async () => {
    const api = fakeApi({ offline: true });
    renderApp('/', { session: null, api });
    await findHeading('Welcome back');
    expect(api.calls.filter((c) => c === 'GET /api/auth')).toEqual([]);
  });

  it('sends a signed-in user from / to the role choice', async () => {
    renderApp('/');
    await findHeading('Who are you?');
  });

  it('keeps the last session when the auth check gets no answer', async () => {
    const { router } = renderApp('/mybookings', { api: fakeApi({ offline: true }) });
    await findHeading('Your Bookings');
    expect(router.state.location.pathname).toBe('/mybookings');
  });

  it('ends the session and shows login when the server answers 401', async () => {
    const { store } = renderApp('/mybookings', { api: fakeApi({ authed: false }) });
    await findHeading('Welcome back');
    expect(store.storage?.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the not-found screen for an unknown path', async () => {
    renderApp('/no-such-page');
    await findHeading('Page not found');
  });

  it('opens the carrier home at the /carrierHome spelling too', async () => {
    renderApp('/carrierHome', { session: { role: 'carrier' } });
    await findHeading('Your Listings');
  });

  it('reports a page view for the route it opened', async () => {
    const { store } = renderApp('/contact');
    await findHeading('Contact Us');
    await waitFor(async () => {
      const events = await store.db.analytics.toArray();
      expect(events.some((e) => e.name === 'page_view' && e.props.path === '/contact')).toBe(true);
    });
  });
});
