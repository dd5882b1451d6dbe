// The app's shell in Hindi (issue 32): header and nav, the page for an unknown path, Forgot and
// Reset Password, the waiting list (its changes' names, a refused change's reason by its code),
// a refused row's reason, the install offer, the iPhone hint and "Reload to update". Each screen
// shows its Hindi, and none of the English the shell's catalogue holds for it.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '@/client/i18n/i18n';
import { bookListing, queueChange, replayOutbox, sendContactMessage } from '@/data';
import { ERRORS } from '@/domain/errors';
import { MSG } from '@/domain/texts';
import en from '../../messages/en.json';
import hi from '../../messages/hi.json';
import { type FakeApi, fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';
import { makeListing } from '../support/client-rows';
import { renderInHindi } from '../support/hindi';

renderInHindi();

/** The Hindi of a shell id without parameters. */
function hindi(id: MessageKey): string {
  return hi[id].translation;
}

/** Every accessible name and text on the page, to look for English in. */
function pageWords(): string {
  const names = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [document.body.textContent ?? '', ...names].join('\n');
}

/**
 * None of these ids' English is on the page: the whole text, or for a message with parameters
 * each stretch of words between them (a plural's words too).
 */
function expectNoEnglish(ids: MessageKey[]): void {
  const words = pageWords();
  for (const id of ids) {
    const text: string = en[id].translation;
    const pieces = text
      .replace(/\{\w+, (plural|select),|[{}#]|\b(one|other|=0|cash|hi)\b/g, '|')
      .split('|')
      .map((p) => p.trim())
      .filter((p) => /[A-Za-z]{3,}/.test(p) && !/^(Carry|KG|UPI|English)$/.test(p));
    for (const piece of pieces) expect(words, `${id}: "${piece}"`).not.toContain(piece);
  }
}

const HEADER: MessageKey[] = ['nav.home', 'nav.bookings', 'nav.contact', 'menu.button', 'app.skip'];

describe('the shell in Hindi', () => {
  it('header, nav and the page for an unknown path', async () => {
    renderApp('/no/such/page', { session: { role: 'traveller' } });
    await findHeading(hindi('notFound.title'), 10_000);
    expect(screen.getByText(hindi('notFound.text'))).toBeTruthy();
    expect(screen.getByRole('link', { name: hindi('notFound.start') })).toBeTruthy();
    expect(screen.getByRole('button', { name: hindi('menu.button') })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: hindi('nav.bookings') }).length).toBeGreaterThan(0);
    expect(screen.getByText(hindi('app.skip'))).toBeTruthy();
    expectNoEnglish([...HEADER, 'notFound.title', 'notFound.text', 'notFound.start']);
  });

  it('Forgot Password: the form, its check and the one answer', async () => {
    const api = fakeApi({ authed: false });
    api.on('POST /auth/forgot-password', () =>
      json({ message: 'If an account exists for that address, we sent a link' }),
    );
    renderApp('/forgot-password', { api, session: null });
    await findHeading(hindi('forgot.title'), 10_000);
    expect(screen.getByText(hindi('forgot.subtitle'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: hindi('forgot.submit') }));
    expect(await screen.findByText(hindi('validation.emailRequired'))).toBeTruthy();
    expectNoEnglish(['forgot.title', 'forgot.subtitle', 'forgot.email', 'forgot.submit', 'auth.backToLogin']);
    expect(pageWords()).not.toContain(MSG.emailRequired);
    await userEvent.type(screen.getByLabelText(hindi('forgot.email')), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: hindi('forgot.submit') }));
    expect((await screen.findByRole('status')).textContent).toBe(hindi('forgot.sent'));
    // The server's English answer is not what the page says.
    expect(pageWords()).not.toContain('If an account exists');
    expect(screen.getByRole('link', { name: hindi('auth.backToLogin') })).toBeTruthy();
  });

  it('Reset Password: the form, and a used link with the way to a new one', async () => {
    const api = fakeApi({ authed: false });
    api.on('POST /auth/reset-password', () =>
      json({ code: 'auth/reset-link-invalid', message: ERRORS['auth/reset-link-invalid'].message }, 400),
    );
    renderApp(`/reset-password?token=${'A'.repeat(43)}`, { api, session: null });
    await findHeading(hindi('reset.title'), 10_000);
    expect(screen.getByText(hindi('reset.subtitle'))).toBeTruthy();
    expectNoEnglish(['reset.title', 'reset.subtitle', 'reset.password', 'reset.confirm', 'reset.submit']);
    await userEvent.type(screen.getByLabelText(hindi('reset.password')), 'Newpass@456');
    await userEvent.type(screen.getByLabelText(hindi('reset.confirm')), 'Newpass@456');
    await userEvent.click(screen.getByRole('button', { name: hindi('reset.submit') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(hindi('error.auth/reset-link-invalid'));
    expect(within(alert).getByRole('link', { name: hindi('reset.newLink') })).toBeTruthy();
    expectNoEnglish(['error.auth/reset-link-invalid', 'reset.newLink']);
  });
});

describe('the waiting list in Hindi', () => {
  it("names a queued change and a refused one, and says why the server refused it by the refusal's code", async () => {
    const api = fakeApi();
    let pushes = 0;
    api.on('POST /api/sync/push', async (req) => {
      pushes += 1;
      // The first push is refused; later ones never answer, so their changes stay waiting.
      if (pushes > 1) return new Promise<Response>(() => undefined);
      const { mutations } = (await req.json()) as { mutations: { id: number }[] };
      const results = mutations.map((m) => ({
        id: m.id,
        ok: false,
        code: 'request/invalid',
        message: MSG.queryRequired,
      }));
      return json({ lastMutationId: mutations.at(-1)?.id ?? 0, results });
    });
    const view = renderApp('/contact', { api });
    await screen.findByRole('button', { name: hindi('menu.button') }, { timeout: 10_000 });
    await act(async () => {
      await sendContactMessage(view.store, {
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: '9876543210',
        message: 'Hi',
      });
      await replayOutbox(view.store);
      await queueChange(view.store, 'set-locale', { locale: 'hi' });
    });
    await userEvent.click(await screen.findByRole('button', { name: hindi('sync.showList') }));
    const list = screen.getByRole('list', { name: hindi('sync.list') });
    expect(within(list).getByText(hindi('sync.change.contact'))).toBeTruthy();
    expect(
      within(list).getByText(`${hindi('sync.state.failed')}: ${hindi('validation.queryRequired')}`),
    ).toBeTruthy();
    expect(within(list).getByText('भाषा: हिन्दी')).toBeTruthy();
    expect(within(list).getByText(hindi('sync.state.waiting'))).toBeTruthy();
    expect(within(list).getByRole('button', { name: hindi('sync.retry') })).toBeTruthy();
    expect(within(list).getByRole('button', { name: hindi('sync.discard') })).toBeTruthy();
    expectNoEnglish([
      'sync.change.contact',
      'sync.change.setLocale',
      'sync.state.failed',
      'sync.state.waiting',
      'sync.list',
      'sync.retry',
      'sync.discard',
      'sync.hideList',
      'sync.attention',
    ]);
    expect(pageWords()).not.toContain(MSG.queryRequired);
  });
});

const LISTING = makeListing('l1', { weight: 5, available: 5, cost: 800 });

function refusingForSpace(): FakeApi {
  const api = fakeApi();
  api.on('POST /api/sync/push', async (req) => {
    const { mutations } = (await req.json()) as { mutations: { id: number }[] };
    const results = mutations.map((m) => ({
      id: m.id,
      ok: false,
      code: 'listing/no-space',
      message: ERRORS['listing/no-space'].message,
    }));
    return json({ lastMutationId: mutations.at(-1)?.id ?? 0, results });
  });
  api.on('POST /api/search-listings', () => json([{ ...LISTING, available: 1 }]));
  return api;
}

describe('a refused row in Hindi', () => {
  it("keeps the refusal's code, and shows it in Hindi with the space still free", async () => {
    const view = renderApp('/mybookings', { api: refusingForSpace() });
    await screen.findByRole('button', { name: hindi('menu.button') }, { timeout: 10_000 });
    const { key } = await act(async () => {
      const queued = await bookListing(view.store, LISTING, 3);
      await replayOutbox(view.store);
      return queued;
    });
    expect(await view.store.db.bookings.get(`local-${key}`)).toMatchObject({
      syncState: 'failed',
      syncError: 'listing/no-space',
    });
    await screen.findByText(hindi('error.listing/no-space'), {}, { timeout: 10_000 });
    expect(
      await screen.findByRole('button', { name: 'बची हुई 1 KG जगह बुक करें' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getAllByText(hindi('sync.notSent').trim()).length).toBeGreaterThan(0);
    expect(pageWords()).not.toContain(ERRORS['listing/no-space'].message);
    expectNoEnglish(['sync.notSent', 'sync.bookFree', 'sync.discard']);
  });
});

describe('the PWA controls in Hindi', () => {
  it('offers the install, and says "Reload to update" when this code may not sync any more', async () => {
    const api = fakeApi();
    api.on('POST /api/sync/push', async () =>
      json({ code: 'sync/upgrade-required', message: 'Reload to update' }, 426),
    );
    const view = renderApp('/contact', { api });
    await screen.findByRole('button', { name: hindi('menu.button') }, { timeout: 10_000 });
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(await screen.findByRole('button', { name: hindi('pwa.install') })).toBeTruthy();
    await act(async () => {
      await sendContactMessage(view.store, {
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: '9876543210',
        message: 'Hi',
      });
      await replayOutbox(view.store);
    });
    expect(await screen.findByRole('button', { name: hindi('pwa.reloadToUpdate.action') })).toBeTruthy();
    expect(screen.getByText(hindi('pwa.reloadToUpdate.text'))).toBeTruthy();
    expectNoEnglish(['pwa.install', 'pwa.reloadToUpdate.text', 'pwa.reloadToUpdate.action']);
    await userEvent.click(screen.getByRole('button', { name: hindi('pwa.install') }));
    await waitFor(() => expect(screen.queryByRole('button', { name: hindi('pwa.install') })).toBeNull());
  });

  it("shows the iPhone's install hint in Hindi", async () => {
    const before = Object.getOwnPropertyDescriptor(navigator, 'userAgent');
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
    });
    try {
      renderApp('/contact');
      const hint = await screen.findByRole(
        'complementary',
        { name: hindi('pwa.install.label') },
        { timeout: 10_000 },
      );
      expect(hint.textContent).toBe(
        'Carry इंस्टॉल करें: Share पर टैप करें, फिर Add to Home Screen पर। यह ऑफ़लाइन भी चलता है।',
      );
      expect(within(hint).getByText('Share').tagName).toBe('STRONG');
      expect(within(hint).getByRole('button', { name: hindi('pwa.install.dismiss') })).toBeTruthy();
      expectNoEnglish(['pwa.install.label', 'pwa.install.dismiss']);
      expect(hint.textContent).not.toContain('It works offline');
    } finally {
      if (before) Object.defineProperty(navigator, 'userAgent', before);
      else Reflect.deleteProperty(navigator, 'userAgent');
      localStorage.removeItem('installHintDismissed');
    }
  });
});
