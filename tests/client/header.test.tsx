// The header: per-role navigation, the logo rule, the profile menu and logout.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sendContactMessage } from '@/data';
import { STORAGE_KEYS } from '@/domain/constants';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

/** /contact open with a contact message queued and not sent. */
async function withOneUnsentChange() {
  const { store } = renderApp('/contact');
  await findHeading('Contact Us');
  const message = { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', message: 'Hi' };
  await act(() => sendContactMessage(store, message));
  return store;
}

async function chooseLogout() {
  await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
}

describe('Header', () => {
  it('shows the carrier links and the capitalised role', async () => {
    renderApp('/carrierhome', { session: { role: 'carrier' } });
    await findHeading('Your Listings');
    const links = within(mainNav())
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual(['Home', 'Order History', 'Contact Us']);
    expect(screen.getAllByText('Carrier').length).toBeGreaterThan(0);
    expect(screen.getByText('Monetize your travel')).toBeTruthy();
  });

  it('shows the traveller links', async () => {
    renderApp('/mybookings', { session: { role: 'traveller' } });
    await findHeading('Your Bookings');
    expect(
      within(mainNav())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'My Bookings', 'Contact Us']);
  });

  it('gives a sender no links, no menu button and a logo that goes nowhere', async () => {
    renderApp('/senderhome', { session: { role: 'sender' } });
    await findHeading('Courier Service Request');
    expect(within(mainNav()).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: /choose who you are/ })).toBeNull();
  });

  it('opens the profile menu and closes it on an outside click', async () => {
    renderApp('/contact');
    await findHeading('Contact Us');
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.getByRole('menuitem', { name: /Profile/ }).getAttribute('href')).toBe('/set-profile');
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes the mobile menu when the route changes', async () => {
    renderApp('/contact');
    await findHeading('Contact Us');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    await userEvent.click(within(mobile).getByRole('link', { name: 'My Bookings' }));
    await findHeading('Your Bookings');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('logs out, clears the session and returns to login', async () => {
    const { store } = renderApp('/contact');
    await findHeading('Contact Us');
    await chooseLogout();
    await findHeading('Welcome back');
    expect(store.storage?.getItem(STORAGE_KEYS.email)).toBeNull();
  });

  it('asks before discarding unsent changes, and keeps them when the user stays', async () => {
    const store = await withOneUnsentChange();
    await chooseLogout();
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard unsent changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay logged in' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await store.db.outbox.count()).toBe(1);
  });

  it('shows how many changes wait to be sent', async () => {
    await withOneUnsentChange();
    await waitFor(() => expect(screen.getByText(/1 change waiting to be sent/)).toBeTruthy());
  });

  it('logs out other devices from the menu by keyboard: asks first, then calls the server and toasts', async () => {
    const api = fakeApi();
    api.on('POST /auth/logout-others', () => json({ message: 'Logged out of other devices', ended: 2 }));
    renderApp('/contact', { api });
    await findHeading('Contact Us');
    screen.getByRole('button', { name: 'Profile menu' }).focus();
    await userEvent.keyboard('{Enter}');
    // Tab through the menu (Profile, Switch role, ...) until the item, as a keyboard user does.
    const item = screen.getByRole('menuitem', { name: 'Log out other devices' });
    for (let i = 0; i < 6 && document.activeElement !== item; i++) await userEvent.tab();
    expect(document.activeElement).toBe(item);
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out other devices?' });
    expect(api.calls).not.toContain('POST /auth/logout-others');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out other devices' }));
    expect(await screen.findByText('Logged out of all other devices.')).toBeTruthy();
    expect(api.calls).toContain('POST /auth/logout-others');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // This device stays signed in.
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeTruthy();
  });

  it('changes nothing when the user cancels logging out other devices', async () => {
    const { api } = renderApp('/contact');
    await findHeading('Contact Us');
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out other devices' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out other devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls).not.toContain('POST /auth/logout-others');
  });
});
