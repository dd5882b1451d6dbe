// The traveller's screens in Hindi (issue 32): search, the airport picker, filters, results and
// Watch this route; Confirm Your Booking; My Bookings with a booking's details and its Cancel. Each
// shows its Hindi words, and none of the English the search catalogue holds is left on the page,
// in its text or in its accessible names (aria-label, placeholder, title).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Listing } from '@/domain/listing/schema';
import searchEn from '../../messages/search/en.json';
import searchHi from '../../messages/search/hi.json';
import { fakeApi, json, RULES_ROUTE } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';
import { renderInHindi } from '../support/hindi';

const DATE = '2099-05-01';
const QUERY = `from=DEL&to=BOM&departure=${DATE}`;

const listing: Listing = {
  id: 'a',
  email: 'ravi@example.com',
  name: 'Ravi Kumar',
  from: 'DEL',
  to: 'BOM',
  departure: DATE,
  time: '09:30',
  flightNo: 'AI101',
  airline: 'AI',
  weight: 5,
  available: 5,
  cost: 800,
  createdAt: 1,
};

/**
 * The search catalogue's English that Hindi says otherwise, without parameters: none of it may be
 * on a Hindi screen. Words are matched whole ("Flight", not "Flights"); "to" and "To" are left out
 * (the shell's "Skip to content" has them), and checked where they are used.
 */
const ENGLISH = Object.entries(searchEn)
  .filter(([id, { translation }]) => {
    const hindi = (searchHi as Record<string, { translation: string }>)[id]?.translation;
    return /[A-Za-z]{3}/.test(translation) && !translation.includes('{') && translation !== hindi;
  })
  .map(([, { translation }]) => translation);

/** What a person reads or hears of the page: its text (node by node: "₹800 / KG" and "Book Now"
 * are not one word) and its elements' accessible names. */
function pageWords(): string {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  const names = [...document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap(
    (el) => ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [...texts, ...names].join('\n');
}

/** The English strings of the search catalogue still on the page, but for those `others` show. */
function englishLeft(others: readonly string[] = []): string[] {
  const words = pageWords();
  return ENGLISH.filter((english) => {
    if (others.includes(english)) return false;
    const escaped = english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^A-Za-z])${escaped}($|[^A-Za-z])`).test(words);
  });
}

renderInHindi();

describe('the traveller in Hindi', () => {
  it('can tell an English word left on the page', () => {
    document.body.innerHTML = '<main><button aria-label="Book Now: AI101">x</button><p>खोजें</p></main>';
    expect(englishLeft()).toEqual(['Book Now']);
    document.body.innerHTML = '<main><p>₹800 / KG</p><button>Book Now</button><p>Clear filters</p></main>';
    expect(englishLeft()).toEqual(['Book Now', 'Clear filters']);
    document.body.innerHTML = '';
  });

  it('searches, filters, watches and picks airports in Hindi', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () => json([listing]));
    api.on('POST /api/sync/push', () => json({ code: 'sync/busy', message: 'busy' }, 503));
    renderApp(`/travellerhome?${QUERY}`, { api });
    await findHeading('अपना सामान नहीं ले जा पा रहे?', 10_000);
    expect(await screen.findByText('1 में से 1 नतीजा दिख रहा है', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'अभी बुक करें: AI101 DEL से BOM' })).toBeTruthy();
    expect(screen.getByText('कैरियर: Ravi Kumar')).toBeTruthy();
    expect(screen.getByText('5 KG जगह खाली')).toBeTruthy();
    // The route's codes are read "DEL से BOM".
    expect(screen.getByText('से', { selector: '.sr-only' })).toBeTruthy();
    expect(screen.queryByText('to', { selector: '.sr-only' })).toBeNull();
    expect(screen.getByRole('group', { name: 'प्रति KG कीमत' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'फ़िल्टर' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'इस रूट पर नज़र रखें' })).toBeTruthy();
    expect(englishLeft()).toEqual([]);

    // A filter that hides the one result.
    await userEvent.click(screen.getByLabelText('10 KG से ज़्यादा'));
    expect(screen.getByText('आपके फ़िल्टर से कोई लिस्टिंग मेल नहीं खाती')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फ़िल्टर हटाएँ' })).toBeTruthy();
    expect(englishLeft()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'फ़िल्टर हटाएँ' }));

    // Watch the route, with two days around the date.
    await userEvent.selectOptions(screen.getByLabelText('किन तारीखों पर नज़र रखें'), '± 2 दिन');
    await userEvent.click(screen.getByRole('button', { name: 'इस रूट पर नज़र रखें' }));
    const watched = await screen.findByRole('heading', { name: 'जिन रूट पर नज़र है' });
    expect(watched.parentElement?.textContent).toContain('DEL → BOM');
    expect(screen.getByRole('button', { name: /से नज़र हटाएँ$/ })).toBeTruthy();
    expect(englishLeft()).toEqual([]);

    // The form again (Edit), and the picker's groups.
    await userEvent.click(screen.getByRole('button', { name: 'खोज बदलें' }));
    expect(screen.getByRole('form', { name: 'लिस्टिंग खोजें' })).toBeTruthy();
    expect(screen.getByLabelText('कहाँ तक')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('कहाँ से'));
    const list = screen.getByRole('listbox', { name: 'कहाँ से के विकल्प' });
    expect(within(list).getByRole('group', { name: 'India में लोकप्रिय' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'खोजें' })).toBeTruthy();
    expect(screen.getByLabelText('रवाना होने की तारीख')).toBeTruthy();
    expect(englishLeft()).toEqual([]);
  });

  it('confirms a booking in Hindi', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () => json([listing]));
    renderApp(`/travellerhome?${QUERY}`, { api });
    await userEvent.click(
      await screen.findByRole('button', { name: 'अभी बुक करें: AI101 DEL से BOM' }, { timeout: 10_000 }),
    );
    await findHeading('अपनी बुकिंग पक्की करें', 10_000);
    expect(screen.getByRole('heading', { name: 'फ़्लाइट और कैरियर की जानकारी' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'भुगतान कैसे करें' })).toBeTruthy();
    expect(screen.getByLabelText('वज़न (KG)')).toBeTruthy();
    expect(screen.getByText('₹800 प्रति KG × 5 KG = ₹4,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'बुकिंग पक्की करें' })).toBeTruthy();
    expect(englishLeft()).toEqual([]);
  });

  it("shows My Bookings, a booking's details and its Cancel in Hindi", async () => {
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [makeOrder('b1', { departure: inTwoDays })] }));
    api.on(RULES_ROUTE, () => json({ cancelCutoffHours: 2 }));
    renderApp('/mybookings?booking=b1', { api });
    await findHeading('आपकी बुकिंग', 10_000);
    expect(screen.getByRole('button', { name: 'आने वाली' })).toBeTruthy();
    const history = await screen.findByRole('region', { name: 'स्टेटस का इतिहास' }, { timeout: 10_000 });
    expect(within(history).getByText('अनुरोध किया')).toBeTruthy();
    expect(within(history).getByText('कैरियर के स्वीकार करने का इंतज़ार है')).toBeTruthy();
    expect(screen.getByText('आगे क्या होगा:')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'बुकिंग रद्द करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'यह बुकिंग रद्द करें?' });
    expect(dialog.textContent).toContain('Asha Rao ने अभी जवाब नहीं दिया है।');
    // The list's cards and the reason dialog are the carrier's screens' words: those still in
    // English that the search catalogue also holds are left out of this check.
    expect(englishLeft(['per KG'])).toEqual([]);
  });
});
