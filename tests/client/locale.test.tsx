// The app in Hindi or English (issue 32): the first visit follows the browser's languages, the
// switch on the login screen and in the profile menu re-renders in place (no reload), remembers
// the choice on the device and sets <html lang>; refusals are read from their code, validation
// messages from their key, in the active language.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationText } from '@/client/i18n/domain-text';
import { activeLocale, loadLocale, useT } from '@/client/i18n/i18n';
import { initialLocale, LOCALE_STORAGE_KEY, pickLocale } from '@/client/i18n/locales';
import { failureText, refusalText } from '@/client/i18n/refusals';
import { LOCALE } from '@/client/locale';
import { ApiError, OfflineError } from '@/data/engine/errors';
import { ITEM_CATEGORIES } from '@/domain/courier/categories';
import { COURIER_TEXT } from '@/domain/courier/texts';
import { formatPrice } from '@/domain/format';
import { fakeApi } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';
import { until } from '../support/until';

afterEach(async () => {
  localStorage.removeItem(LOCALE_STORAGE_KEY);
  await loadLocale('en');
});

describe('the first visit', () => {
  it('follows the first of the browser languages that is Hindi or English', () => {
    expect(pickLocale(['hi-IN', 'en-IN'])).toBe('hi');
    expect(pickLocale(['mr-IN', 'hi', 'en'])).toBe('hi');
    expect(pickLocale(['en-GB', 'hi'])).toBe('en');
    expect(pickLocale(['ta-IN'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it('keeps a choice made on the device over the browser', () => {
    expect(initialLocale('en', ['hi-IN'])).toBe('en');
    expect(initialLocale('hi', ['en-US'])).toBe('hi');
    expect(initialLocale('fr', ['hi-IN'])).toBe('hi');
  });
});

describe('the switch', () => {
  it('turns the login screen Hindi in place, sets lang and remembers it, and back to English', async () => {
    renderApp('/', { session: null, api: fakeApi({ authed: false }) });
    await findHeading('Welcome back');
    const page = document.body.firstElementChild;
    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await findHeading('फिर से स्वागत है');
    expect(screen.getByRole('button', { name: 'लॉग इन' })).toBeTruthy();
    expect(screen.getByLabelText('ईमेल पता')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('hi');
    expect(LOCALE).toBe('hi-IN');
    // Same document, same tree: re-rendered, not reloaded.
    expect(document.body.firstElementChild).toBe(page);

    // Validation messages in the language too (the schema's English, by its key).
    await userEvent.click(screen.getByRole('button', { name: 'लॉग इन' }));
    expect(await screen.findAllByText('ज़रूरी है')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await findHeading('Welcome back');
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(document.documentElement.lang).toBe('en-IN');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });

  it('is in the profile menu, the header follows it, and the account gets the choice', async () => {
    const { store } = renderApp('/travellerhome', { session: { role: 'traveller' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const menu = screen.getByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' }));
    expect(await screen.findByRole('button', { name: 'प्रोफ़ाइल मेन्यू' })).toBeTruthy();
    expect(screen.getAllByText('यात्री').length).toBeGreaterThan(0);
    expect(activeLocale()).toBe('hi');
    // The menu stays open: the choice shows checked there.
    expect(screen.getByRole('menuitemradio', { name: 'हिन्दी' }).getAttribute('aria-checked')).toBe('true');
    await until(async () =>
      (await store.db.outbox.toArray()).some((e) => e.kind === 'set-locale' && e.args.locale === 'hi'),
    );
  });
});

/** A component that uses an area's words (the search summary's Edit). */
function EditButton() {
  const t = useT('search');
  return <button type="button">{t('search.summary.edit')}</button>;
}

describe('catalogues by area', () => {
  it("loads an area's words before a switch shows them: the screen never shows an id", async () => {
    render(<EditButton />);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    await act(() => loadLocale('hi'));
    // At once, not eventually: the switch waited for the area on screen.
    expect(screen.getByRole('button', { name: 'बदलें' })).toBeTruthy();
    expect(screen.queryByText('search.summary.edit')).toBeNull();
  });

  it("keeps an area's words when the shell is loaded after it, and after switching back", async () => {
    // A fresh runtime: the areas on screen at a switch load before the shell does.
    vi.resetModules();
    const fresh = await import('@/client/i18n/i18n');
    await fresh.loadAllAreas('hi');
    await fresh.loadLocale('hi');
    expect(fresh.t('search.summary.edit')).toBe('बदलें');
    await fresh.loadLocale('en');
    await fresh.loadLocale('hi');
    expect(fresh.t('search.summary.edit')).toBe('बदलें');
    expect(fresh.t('menu.button')).toBe('प्रोफ़ाइल मेन्यू');
  });

  it('waits (suspends) for an area the language has not loaded yet, then renders it', async () => {
    await loadLocale('hi');
    render(
      <Suspense fallback={<p>waiting</p>}>
        <EditButton />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: 'बदलें' })).toBeTruthy();
    expect(screen.queryByText('search.summary.edit')).toBeNull();
  });
});

describe('refusals and formats', () => {
  it('reads a refusal from its code, never the server message', async () => {
    await loadLocale('hi');
    const refused = new ApiError(401, 'Invalid email or password.', 'auth/bad-credentials');
    expect(failureText(refused)).toBe('ईमेल या पासवर्ड गलत है।');
    expect(failureText(new OfflineError())).toBe('लगता है आप ऑफ़लाइन हैं।');
    expect(refusalText('no/such-code')).toBe('कुछ गड़बड़ हो गई। कृपया फिर कोशिश करें।');
    await loadLocale('en');
    expect(failureText(refused)).toBe('Invalid email or password.');
  });

  it("reads the schemas' field and courier messages back to the catalogue, in Hindi", async () => {
    await loadLocale('hi');
    expect(validationText('Weight is required')).toBe('वज़न भरना ज़रूरी है');
    expect(validationText('Please fill out the "From" field.')).toBe('कृपया "कहाँ से" भरें।');
    expect(validationText(COURIER_TEXT.windowTooLong)).toBe('तारीखों के बीच ज़्यादा से ज़्यादा 30 दिन हो सकते हैं');
    const weapons = ITEM_CATEGORIES.find((c) => c.value === 'weapons')?.forbiddenBy ?? '';
    expect(validationText(weapons)).toBe(
      'हथियार, गोला-बारूद, विस्फोटक और पटाखे यात्री विमान में ले जाना मना है (BCAS की प्रतिबंधित सामान सूची)।',
    );
    // A field the catalogue does not name, and any other text, come back as they are.
    expect(validationText('Colour is required')).toBe('Colour is required');
    await loadLocale('en');
    expect(validationText('Weight is required')).toBe('Weight is required');
    expect(validationText(COURIER_TEXT.windowTooLong)).toBe(COURIER_TEXT.windowTooLong);
  });

  it('writes money with Indian grouping in both languages', async () => {
    expect(formatPrice(100000, 'en-IN')).toBe('₹1,00,000');
    expect(formatPrice(100000, 'hi-IN')).toBe('₹1,00,000');
  });
});
