// Add Listing, Contact Us, Courier Service Request and Profile: validation beside fields,
// prefills, queued submissions and the profile's states.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@/domain/texts';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp, USER } from '../support/client-render-app';

describe('Add Listing', () => {
  it('shows the required messages and the placeholders', async () => {
    renderApp('/carrier/add-listing', { session: { role: 'carrier' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    for (const m of ['From is required', 'Time is required', 'Weight is required', 'Cost is required']) {
      expect(await screen.findByText(m)).toBeTruthy();
    }
    expect(screen.getByPlaceholderText('Enter Your Flight Number')).toBeTruthy();
    expect(screen.getByPlaceholderText('How Much Will You Charge In ₹')).toBeTruthy();
  });

  it("queues the listing, toasts 'Uploaded Successfully!' and shows it waiting to send", async () => {
    const { store } = renderApp('/carrier/add-listing', { session: { role: 'carrier' } });
    await userEvent.type(await screen.findByLabelText('From'), 'DEL{Enter}');
    await userEvent.type(screen.getByLabelText('To'), 'BOM{Enter}');
    await userEvent.type(screen.getByLabelText('Departure'), '2099-05-01');
    await userEvent.type(screen.getByLabelText('Time'), '09:30');
    await userEvent.type(screen.getByLabelText('Airline'), 'AI{Enter}');
    await userEvent.type(screen.getByLabelText('Flight No'), 'AI101');
    await userEvent.type(screen.getByLabelText('Weight (KG)'), '8');
    await userEvent.type(screen.getByLabelText('Cost per KG (₹)'), '800');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await findHeading('Your Listings');
    expect(screen.getByText('Uploaded Successfully!')).toBeTruthy();
    expect(await screen.findByText('Waiting to send')).toBeTruthy();
    expect(await store.db.outbox.count()).toBe(1);
  });
});

describe('Contact Us', () => {
  it('prefills name, email and phone from the session', async () => {
    renderApp('/contact');
    expect(((await screen.findByLabelText('Full Name')) as HTMLInputElement).value).toBe(USER.name);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(USER.email);
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe(USER.phone);
  });

  it('shows the spec messages for a bad name and an empty query', async () => {
    renderApp('/contact');
    const name = await screen.findByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'R2D2');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.nameLettersOnly)).toBeTruthy();
    expect(screen.getByText(MSG.queryRequired)).toBeTruthy();
  });

  it('re-checks a corrected field: empty submit, then "John 3rd!" in Full Name and submit shows the name message', async () => {
    const { store } = renderApp('/contact');
    const name = await screen.findByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.fullNameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.queryRequired)).toBeTruthy();
    await userEvent.type(name, 'John 3rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.nameLettersOnly)).toBeTruthy();
    expect(screen.queryByText(MSG.fullNameRequired)).toBeNull();
    expect(screen.getByText(MSG.queryRequired)).toBeTruthy();
    expect(await store.db.outbox.count()).toBe(0);
  });

  it('clears a message as soon as the field is corrected after a submit, and then sends', async () => {
    const { store } = renderApp('/contact');
    await userEvent.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.queryRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Your Query'), 'Where is my parcel?');
    await waitFor(() => expect(screen.queryByText(MSG.queryRequired)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    expect(await store.db.outbox.count()).toBe(1);
  });

  it('queues the message and toasts success', async () => {
    const { store } = renderApp('/contact');
    await userEvent.type(await screen.findByLabelText('Your Query'), 'Where is my parcel?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    expect(await store.db.outbox.count()).toBe(1);
  });
});

describe('Courier Service Request', () => {
  it('alerts when no item image was chosen and sends nothing', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { store } = renderApp('/senderhome', { session: { role: 'sender' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MSG.imageRequired));
    expect(await store.db.outbox.count()).toBe(0);
    vi.unstubAllGlobals();
  });

  it('previews the image, queues the request and resets the form', async () => {
    const { store } = renderApp('/senderhome', { session: { role: 'sender' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'bag.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByLabelText('Upload Item Image'), file);
    expect(await screen.findByAltText('Preview of the item')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Item Description'), 'Books');
    await userEvent.selectOptions(screen.getByLabelText('Payment Mode'), 'UPI');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(async () => expect(await store.db.outbox.count()).toBe(1));
    await waitFor(() => expect(screen.queryByAltText('Preview of the item')).toBeNull());
    expect((screen.getByLabelText('Item Description') as HTMLTextAreaElement).value).toBe('');
  });
});

describe('Profile', () => {
  const profile = {
    profile: { name: 'Asha Rao', phone: '9876543210', gender: 'female', age: 30 },
    bookings: {
      carrier: { pending: 1, completed: 2, declined: 0 },
      passenger: { pending: 0, completed: 5, declined: 1 },
      sender: { pending: 3, completed: 0, declined: 0 },
    },
  };

  it('shows the details and the counts per role', async () => {
    const api = fakeApi();
    api.on('GET /api/profile/*', () => json(profile));
    renderApp('/set-profile', { api });
    expect(await screen.findByText('Gender: female')).toBeTruthy();
    expect(screen.getByText('Age: 30')).toBeTruthy();
    const traveller = screen.getByRole('region', { name: 'Traveller bookings' });
    expect(traveller.textContent).toContain('5Completed');
  });

  it("shows 'Failed to load profile.' when it cannot be loaded", async () => {
    const api = fakeApi();
    api.on('GET /api/profile/*', () => json({ message: 'down' }, 500));
    renderApp('/profile', { api, session: { role: 'sender' } });
    expect(await screen.findByText('Failed to load profile.')).toBeTruthy();
  });
});
