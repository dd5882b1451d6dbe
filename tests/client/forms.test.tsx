// Add Listing, Contact Us, Courier Service Request and Profile: validation beside fields,
// prefills, queued submissions and the profile's states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Store } from '@/data';
import { categoryOf } from '@/domain/courier/categories';
import { COURIER_TEXT } from '@/domain/courier/schema';
import { MSG } from '@/domain/texts';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp, USER } from '../support/client-render-app';

/** What a change queued offline adds to its toast (Contact Us, the UPI ID). */
const KEPT_OFFLINE = 'You are offline: it is kept on this device and sent when you are back online.';

/** Runs `act` with the browser saying it is offline. */
async function whileOffline(act: () => Promise<void>): Promise<void> {
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  try {
    await act();
  } finally {
    online.mockRestore();
  }
}

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

  it('says offline that the message waits on the device until back online', async () => {
    const { store } = renderApp('/contact');
    await userEvent.type(await screen.findByLabelText('Your Query'), 'Where is my parcel?');
    await whileOffline(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
      expect(screen.getByText(KEPT_OFFLINE)).toBeTruthy();
      expect(await store.db.outbox.count()).toBe(1);
    });
  });

  it('empties Your Query after a send without calling the emptied field an error', async () => {
    renderApp('/contact');
    const query = await screen.findByLabelText('Your Query');
    await userEvent.type(query, 'Where is my parcel?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    await waitFor(() => expect((query as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByText(MSG.queryRequired)).toBeNull();
    expect(query.getAttribute('aria-invalid')).not.toBe('true');
    // Still checked on the next send.
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.queryRequired)).toBeTruthy();
  });
});

// A long form: typed field by field, it takes seconds on a loaded machine.
describe('Courier Service Request', { timeout: 60_000 }, () => {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  /** Every field but the image, as a sender fills them (once the airports are on the device). */
  async function fillTrip(store: Store) {
    await waitFor(async () => expect(await store.db.airports.count()).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    await userEvent.type(await screen.findByLabelText('From', {}, { timeout: 10_000 }), 'DEL{Enter}');
    await userEvent.type(screen.getByLabelText('To'), 'DXB{Enter}');
    await userEvent.type(screen.getByLabelText('Earliest date'), day(3));
    await userEvent.type(screen.getByLabelText('Latest date'), day(9));
    await userEvent.type(screen.getByLabelText('Weight (KG)'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Item Category'), 'books');
    await userEvent.type(screen.getByLabelText('Declared value (₹)'), '1500');
    await userEvent.type(screen.getByLabelText('Item Description'), 'Books');
    await userEvent.type(screen.getByLabelText('Recipient name'), 'Ravi Kumar');
    await userEvent.type(screen.getByLabelText('Recipient phone'), '9123456780');
    await userEvent.selectOptions(screen.getByLabelText('Payment Mode'), 'UPI');
    await userEvent.click(screen.getByLabelText(/holds no illegal items/));
    await userEvent.click(screen.getByLabelText(/terms of service/));
    await userEvent.click(screen.getByLabelText(/responsible for what the parcel contains/));
  }

  it('shows every missing field of the empty request at once and sends nothing', async () => {
    const { store } = renderApp('/senderhome', { session: { role: 'sender' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Request' }, { timeout: 10_000 }));
    for (const message of [
      'From is required',
      'To is required',
      'Earliest date is required',
      'Latest date is required',
      'Weight is required',
      'Item Category is required',
      'Declared value is required',
      'Recipient name is required',
      'Phone number is required',
      'Payment Mode is required',
      COURIER_TEXT.noIllegalItems,
      COURIER_TEXT.termsAgreed,
      COURIER_TEXT.selfResponsibility,
      MSG.imageRequired,
    ])
      expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
    expect(await store.db.outbox.count()).toBe(0);
  });

  it('refuses a category airlines forbid with the rule that forbids it', async () => {
    const { store } = renderApp('/senderhome', { session: { role: 'sender' } });
    await fillTrip(store);
    await userEvent.selectOptions(screen.getByLabelText('Item Category'), 'flammables');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(categoryOf('flammables')?.forbiddenBy ?? '')).toBeTruthy();
  });

  it('says why the Government ID is asked and who sees it', async () => {
    renderApp('/senderhome', { session: { role: 'sender' } });
    expect(await screen.findByText(/only the Carry team/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/shown only as its last 4 digits/)).toBeTruthy();
  });

  it('alerts when no item image was chosen and sends nothing', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { store } = renderApp('/senderhome', { session: { role: 'sender' } });
    await fillTrip(store);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MSG.imageRequired), { timeout: 5000 });
    expect(await store.db.outbox.count()).toBe(0);
    vi.unstubAllGlobals();
  });

  it('previews the image, queues the request, lists it and resets the form', async () => {
    const { store } = renderApp('/senderhome', { session: { role: 'sender' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'bag.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByLabelText('Upload Item Image'), file);
    expect(await screen.findByAltText('Preview of the item')).toBeTruthy();
    await fillTrip(store);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(async () => expect(await store.db.outbox.count()).toBe(1), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByAltText('Preview of the item')).toBeNull());
    expect((screen.getByLabelText('Item Description') as HTMLTextAreaElement).value).toBe('');
    const [queued] = await store.db.couriers.toArray();
    expect(queued).toMatchObject({
      status: 'submitted',
      syncState: 'pending',
      from: 'DEL',
      to: 'DXB',
      weight: 2,
    });
    // What happens next, and the way to the request just made.
    const next = (await screen.findByText('Your request DEL → DXB is in.')).closest('[role="status"]');
    if (!(next instanceof HTMLElement)) throw new Error('no status note');
    expect(within(next).getByRole('link', { name: 'View this request' }).getAttribute('href')).toBe(
      `/courier-requests/${queued?.id}`,
    );
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

  it('says offline that a saved UPI ID waits on the device until back online', async () => {
    const api = fakeApi();
    api.on('GET /api/profile/*', () => json(profile));
    const { store } = renderApp('/set-profile', { api, session: { role: 'carrier' } });
    await userEvent.type(await screen.findByLabelText('UPI ID (optional)'), 'asha@okaxis');
    await whileOffline(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Save UPI ID' }));
      expect(await screen.findByText('UPI ID saved')).toBeTruthy();
      expect(screen.getByText(KEPT_OFFLINE)).toBeTruthy();
      expect(await store.db.outbox.count()).toBe(1);
    });
  });

  it("shows 'Failed to load profile.' when it cannot be loaded", async () => {
    const api = fakeApi();
    api.on('GET /api/profile/*', () => json({ message: 'down' }, 500));
    renderApp('/profile', { api, session: { role: 'sender' } });
    expect(await screen.findByText('Failed to load profile.')).toBeTruthy();
  });
});
