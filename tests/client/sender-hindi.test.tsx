// The sender's screens in Hindi (issue 32): the courier form, My courier requests, a request's
// details and Contact Us show Hindi headings, labels and buttons, and none of the English of the
// sender's catalogue is left on the page (its text, labels, placeholders, alt texts, options).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourierRow } from '@/domain/courier/status';
import english from '../../messages/sender/en.json';
import hindi from '../../messages/sender/hi.json';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp, appStore as testStore } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';
import { englishOf, renderInHindi } from '../support/hindi';

renderInHindi();

/**
 * The sender catalogue's English texts that differ from their Hindi and are long enough to be
 * told apart from data (a parameter's text: the words before it).
 */
const ENGLISH = englishOf(english, hindi, 10);

/** Everything a person reads or hears on the page: text, and the names and hints of controls. */
function pageWords(root: Element): string {
  const named = [root, ...root.querySelectorAll('[aria-label], [alt], [placeholder], [title]')];
  const attributes = named.flatMap((el) =>
    ['aria-label', 'alt', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [root.textContent ?? '', ...attributes].join('\n');
}

/** `root` (the page when not given) holds none of the sender catalogue's English. */
function expectNoEnglish(root: Element = document.body) {
  const words = pageWords(root);
  expect(ENGLISH.filter((text) => words.includes(text))).toEqual([]);
}

const request: CourierRow = {
  id: 'req-1',
  status: 'matched',
  from: 'DEL',
  to: 'BOM',
  firstDay: '2099-05-01',
  lastDay: '2099-05-09',
  weight: 2,
  itemCategory: ['books'],
  itemDescription: 'Two paperback books',
  declaredValue: 1500,
  recipientName: 'Ravi Kumar',
  recipientPhone: '9123456780',
  paymentMode: 'Cash',
  governmentIdType: 'Aadhaar Card',
  governmentIdLast4: '4029',
  itemImageUrl: '/api/files/courier-images/x-bag.png',
  createdAt: 1,
  bookingId: null,
  history: [
    { status: 'submitted', at: Date.UTC(2099, 3, 1), note: '' },
    { status: 'matched', at: Date.UTC(2099, 3, 2), note: 'A carrier is flying this route on your dates' },
  ],
  matches: [
    {
      id: 'listing-1',
      email: 'carrier@example.com',
      name: 'Meera Shah',
      from: 'DEL',
      to: 'BOM',
      flightNo: 'AI883',
      airline: 'AI',
      departure: '2099-05-03',
      time: '09:30',
      weight: 10,
      available: 8,
      cost: 300,
      createdAt: 1,
    },
  ],
};

async function withRequest() {
  const api = fakeApi();
  api.on('POST /api/sync/push', () => json({ code: 'sync/busy', message: 'busy' }, 503));
  const store = testStore(api);
  await store.db.couriers.bulkPut([{ ...request, syncState: 'synced', syncError: null, outboxKey: null }]);
  return { store, api };
}

describe('the sender in Hindi', { timeout: 60_000 }, () => {
  it('shows the courier form in Hindi, its categories and options too', async () => {
    renderApp('/senderhome', { session: { role: 'sender' } });
    await findHeading('कूरियर सेवा अनुरोध', 20_000);
    expect(screen.getByRole('button', { name: 'अनुरोध भेजें' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'मेरे कूरियर अनुरोध' }).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('सामान की फ़ोटो अपलोड करें')).toBeTruthy();
    const category = screen.getByLabelText('सामान की कैटेगरी');
    expect(within(category).getByRole('option', { name: 'किताबें और छपी सामग्री' })).toBeTruthy();
    expect(
      within(category).getByRole('option', { name: 'हथियार, गोला-बारूद या विस्फोटक (फ़्लाइट में मना है)' }),
    ).toBeTruthy();
    expect(within(screen.getByLabelText('भुगतान का तरीका')).getByRole('option', { name: 'नकद' })).toBeTruthy();
    expect(
      within(screen.getByLabelText('सरकारी पहचान पत्र का प्रकार')).getByRole('option', { name: 'आधार कार्ड' }),
    ).toBeTruthy();
    expect(screen.getByText(/सिर्फ़ Carry टीम/)).toBeTruthy();
    expectNoEnglish();
  });

  it("words the photo picker itself: no browser's English (Choose File, No file chosen) on the form", async () => {
    renderApp('/senderhome', { session: { role: 'sender' } });
    await findHeading('कूरियर सेवा अनुरोध', 20_000);
    const input = screen.getByLabelText('सामान की फ़ोटो अपलोड करें') as HTMLInputElement;
    // The browser draws a visible file input's button and line in its own language: hidden, and
    // the app's words stand in for them.
    expect(input.className).toContain('sr-only');
    expect(screen.getByText('फ़ोटो चुनें')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toContain('itemImage-chosen');
    expect(document.getElementById('itemImage-chosen')?.textContent).toBe('कोई फ़ोटो नहीं चुनी गई');
    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'bag.png', { type: 'image/png' }),
    );
    expect(document.getElementById('itemImage-chosen')?.textContent).toBe('bag.png');
  });

  it('lists the requests and shows one in Hindi, with its status, facts and matches', async () => {
    const { store, api } = await withRequest();
    renderApp('/courier-requests', { store, api, session: { role: 'sender' } });
    await findHeading('मेरे कूरियर अनुरोध', 20_000);
    const [item] = await screen.findAllByRole('link', { name: /विवरण देखें/ });
    expect(within(item as HTMLElement).getByText('कैरियर मिल गया')).toBeTruthy();
    expect(within(item as HTMLElement).getByText(/1 मिलती लिस्टिंग/)).toBeTruthy();
    expectNoEnglish();

    await userEvent.click(item as HTMLElement);
    await findHeading('कूरियर अनुरोध', 20_000);
    expect(await screen.findByText('आधार कार्ड •••• 4029')).toBeTruthy();
    expect(screen.getByText('किताबें और छपी सामग्री')).toBeTruthy();
    expect(screen.getByText('नकद')).toBeTruthy();
    // The history's note, written in English where the status moved, in Hindi too.
    expect(screen.getByText(/आपकी तारीखों पर इस रूट पर एक कैरियर जा रहा है/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'आपके रूट और तारीखों पर कैरियर' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /यह बुक करें: .* को AI883/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'अनुरोध वापस लें' })).toBeTruthy();
    expectNoEnglish();

    await userEvent.click(screen.getByRole('button', { name: 'अनुरोध वापस लें' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('यह कूरियर अनुरोध वापस लें?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'रहने दें' })).toBeTruthy();
    expectNoEnglish();
  });

  it('shows Contact Us in Hindi', async () => {
    renderApp('/contact', { session: { role: 'sender' } });
    await findHeading('संपर्क करें', 20_000);
    expect(screen.getByRole('button', { name: 'संदेश भेजें' })).toBeTruthy();
    expect(screen.getByLabelText('आपका सवाल')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'सहायता' })).toBeTruthy();
    expectNoEnglish();
  });

  it("shows the traveller's latest request in Hindi, waiting for the carrier", async () => {
    const { store } = renderApp('/travellerhome');
    const createdAt = { _seconds: Math.floor(Date.now() / 1000) - 60 };
    await store.db.bookings.put({
      ...makeOrder('b1', { createdAt }),
      syncState: 'synced',
      syncError: null,
      outboxKey: null,
    });
    const panel = await screen.findByRole('region', { name: 'आपका सबसे नया अनुरोध' }, { timeout: 15_000 });
    expect(within(panel).getByText(/तक Asha Rao के स्वीकार करने का इंतज़ार है/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'अनुरोध देखें' })).toBeTruthy();
    // The panel only: the search form around it is the traveller's screen.
    expectNoEnglish(panel);
  });
});
