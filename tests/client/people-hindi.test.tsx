// The people screens in Hindi (issue 32): a booking's thread (header, log, composer, report), the
// Profile (details, counts, rating, booking e-mails, people blocked), rating a booking and the
// Show more of long lists speak Hindi, and none of their English words is left on the page or in
// an accessible name. The thread's day separators follow a switch of language made while it is open.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadLocale } from '@/client/i18n/i18n';
import type { Order } from '@/domain/booking/schema';
import type { Message, ThreadRead } from '@/domain/message/schema';
import peopleEnglish from '../../messages/people/en.json';
import peopleHindi from '../../messages/people/hi.json';
import { type FakeApi, fakeApi, json, THREADS_ROUTE } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';
import { englishOf, renderInHindi } from '../support/hindi';

const DAY = 86_400_000;
const NOW = Date.now();

renderInHindi();

/**
 * The people catalogue's English that Hindi says otherwise, at least two words long (a parameter's
 * text: the words before it): none may be on a screen in Hindi (single words are checked where
 * they would be, below).
 */
const ENGLISH = englishOf(peopleEnglish, peopleHindi, 3).filter((s) => s.includes(' '));

/** What the page says: its text and every accessible name or hint given in an attribute. */
function pageWords(root: HTMLElement = document.body): string {
  const attrs = [...root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((el) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [root.textContent ?? '', ...attrs].join('\n');
}

function expectNoEnglish(extra: string[] = [], root?: HTMLElement) {
  const words = pageWords(root);
  const left = [...ENGLISH, ...extra].filter((s) => words.includes(s));
  expect(left).toEqual([]);
}

function message(seq: number, mine: boolean, text: string, at: number): Message {
  return {
    id: crypto.randomUUID(),
    bookingId: 'b1',
    from: mine ? 'traveller' : 'carrier',
    text,
    sentAt: new Date(at).toISOString(),
    seq,
    mine,
  };
}

function read(mine: Message | null, theirs: Message | null): ThreadRead {
  return {
    id: 'b1',
    bookingId: 'b1',
    mine: mine?.id ?? null,
    mineSeq: mine?.seq ?? 0,
    theirs: theirs?.id ?? null,
    theirsSeq: theirs?.seq ?? 0,
  };
}

function withThread(messages: Message[], reads: ThreadRead[], bookings?: Order[]): FakeApi {
  const api = fakeApi();
  api.on('GET /api/orders', () =>
    json({ bookings: bookings ?? [makeOrder('b1', { listingId: 'b1_passenger', carrierName: 'Asha Rao' })] }),
  );
  api.on(THREADS_ROUTE, () => json({ messages, reads }));
  return api;
}

describe('the thread in Hindi', () => {
  const hello = message(1, false, 'hello from the gate', NOW - 3 * DAY);
  const yesterday = message(2, false, 'landed fine', NOW - DAY);
  const gate = message(3, true, 'at gate 32', NOW - 60_000);

  it('shows the header, the log, the composer and the report dialog in Hindi, with no English left', async () => {
    renderApp('/bookings/b1/messages', {
      api: withThread([hello, yesterday, gate], [read(yesterday, gate)]),
    });
    expect(
      await screen.findByRole('heading', { name: 'Asha Rao के साथ संदेश' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'मेरी बुकिंग पर वापस जाएँ' })).toBeTruthy();
    expect(
      screen.getByText('हैंड-ऑफ़ के समय कैरियर को ऐप के UPI कोड से या नकद भुगतान करें, और बुकिंग में इसे दर्ज करें'),
    ).toBeTruthy();
    const log = await screen.findByRole('log', { name: 'बातचीत' });
    await within(log).findByText('at gate 32', undefined, { timeout: 5000 });
    expect(within(log).getByText('आज')).toBeTruthy();
    expect(within(log).getByText('कल')).toBeTruthy();
    // The older day's separator is a date in Hindi (the formatter follows the language).
    const days = [...log.querySelectorAll('.rounded-full')].map((p) => p.textContent ?? '');
    expect(days).toHaveLength(3);
    expect(days[0]).toMatch(/[\u0900-\u097F]/);
    expect(within(log).getByText('भेजा गया')).toBeTruthy();
    expect(within(log).getByText('देखा गया')).toBeTruthy();
    expect(screen.getByLabelText('संदेश', { selector: 'textarea' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'संदेश लिखें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'भेजें' })).toBeTruthy();
    expectNoEnglish(['Today', 'Yesterday', 'Sent', 'Seen', 'Send', 'Report', 'Messages']);

    const reports = within(log).getAllByRole('button', { name: 'इस संदेश की शिकायत करें' });
    expect(reports).toHaveLength(2);
    await userEvent.click(reports[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'इस संदेश की शिकायत करें?' });
    expect(within(dialog).getByLabelText('वजह')).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'धोखाधड़ी या Carry के बाहर पैसे माँगना' })).toBeTruthy();
    expect(within(dialog).getByLabelText('क्या हुआ (ज़रूरी नहीं)')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'शिकायत करें' })).toBeTruthy();
    expectNoEnglish(['Reason', 'Cancel', 'Report']);
  });

  it('says an empty thread and a closed one in Hindi', async () => {
    const ended = Math.floor((NOW - 40 * DAY) / 1000);
    const done = makeOrder('b1', {
      listingId: 'b1_passenger',
      carrierName: 'Asha Rao',
      status: 'completed',
      history: [
        { status: 'pending', at: ended - 86_400 },
        { status: 'completed', at: ended },
      ],
    });
    renderApp('/bookings/b1/messages', { api: withThread([], [], [done]) });
    expect(
      await screen.findByText('अभी कोई संदेश नहीं। Asha Rao को नमस्ते कहें और तय करें कि कहाँ मिलना है।', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(
      screen.getByText('यह बातचीत बंद हो चुकी है: बुकिंग खत्म होने के 30 दिन बाद तक ही संदेश भेजे जा सकते हैं।'),
    ).toBeTruthy();
    expectNoEnglish();
  });

  it('turns its day separators Hindi when the language is switched while it is open', async () => {
    await loadLocale('en');
    renderApp('/bookings/b1/messages', { api: withThread([hello, gate], [read(null, gate)]) });
    const log = await screen.findByRole('log', { name: 'Messages' }, { timeout: 5000 });
    // The log shows "Loading messages" first; on a loaded machine the messages take over a second.
    await within(log).findByText('Today', undefined, { timeout: 5000 });
    const older = () => [...log.querySelectorAll('.rounded-full')].map((p) => p.textContent ?? '')[0] ?? '';
    expect(older()).not.toMatch(/[\u0900-\u097F]/);
    await act(() => loadLocale('hi'));
    await waitFor(() => expect(within(log).getByText('आज')).toBeTruthy(), { timeout: 5000 });
    expect(older()).toMatch(/[\u0900-\u097F]/);
  });
});

describe('the profile in Hindi', () => {
  it('shows details, counts, rating, booking e-mails and people blocked in Hindi, with no English left', async () => {
    const api = fakeApi();
    api.on('GET /api/profile/*', () =>
      json({
        profile: { name: 'Asha Rao', phone: '9876543210', gender: 'female', age: 30 },
        bookings: {
          carrier: { pending: 1, completed: 3, declined: 0 },
          passenger: { pending: 0, completed: 2, declined: 1 },
          sender: { pending: 0, completed: 0, declined: 0 },
        },
        rating: {
          average: 4.7,
          count: 4,
          people: 3,
          latest: [
            { stars: 5, comment: 'Handed over on time', by: 'Ravi Kumar', at: Date.UTC(2026, 10, 20) },
          ],
        },
      }),
    );
    api.on('GET /api/notifications/settings', () => json({ bookingEmails: true }));
    api.on('GET /api/blocks', () =>
      json({
        blocks: [{ email: 'ravi@example.com', name: 'Ravi Kumar', createdAt: Date.UTC(2026, 10, 20) }],
      }),
    );
    renderApp('/set-profile', { api });
    expect(await screen.findByRole('heading', { name: 'प्रोफ़ाइल', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'आपकी रेटिंग' })).toBeTruthy();
    expect(screen.getByText('लिंग: महिला')).toBeTruthy();
    expect(screen.getByText('उम्र: 30')).toBeTruthy();
    expect(
      screen.getByText(
        '3 लोगों की 4 रेटिंग से औसत: 5 में से 4.7; एक ही व्यक्ति के साथ दोबारा की गई बुकिंग एक बार गिनी जाती है।',
      ),
    ).toBeTruthy();
    expect(screen.getByText('4.7 · 3 लोगों से 4 रेटिंग')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'हाल की टिप्पणियाँ' })).toBeTruthy();
    expect(screen.getByText('5 स्टार')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'आपकी बुकिंग' })).toBeTruthy();
    const carrier = screen.getByRole('region', { name: 'कैरियर के रूप में बुकिंग' });
    expect(within(carrier).getByText('जवाब बाकी')).toBeTruthy();
    expect(within(carrier).getByText('पूरी')).toBeTruthy();
    expect(within(carrier).getByText('अस्वीकार')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'यात्री के रूप में बुकिंग' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'भेजने वाले के रूप में बुकिंग' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'बुकिंग ई-मेल' })).toBeTruthy();
    const blocked = await screen.findByRole('region', { name: 'जिन्हें आपने ब्लॉक किया' });
    expect(within(blocked).getByRole('button', { name: 'Ravi Kumar को अनब्लॉक करें' }).textContent).toBe(
      'अनब्लॉक करें',
    );
    expectNoEnglish([
      'Gender:',
      'Age:',
      'Pending',
      'Completed',
      'Declined',
      'Carrier bookings',
      'Unblock',
      'ratings from',
      'stars',
    ]);

    await userEvent.click(within(blocked).getByRole('button', { name: 'Ravi Kumar को अनब्लॉक करें' }));
    expect(
      await screen.findByText(/^Ravi Kumar (अनब्लॉक हो गए: अब आप|इस डिवाइस पर अनब्लॉक हो गए)/),
    ).toBeTruthy();
  });
});

describe('rating a booking and long lists in Hindi', () => {
  it('asks for a rating with Hindi stars, labels and buttons', async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () =>
      json({ bookings: [makeOrder('a', { name: 'Meera Shah', status: 'completed' })] }),
    );
    renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    const open = await screen.findByRole('button', { name: 'Meera Shah को रेटिंग दें' }, { timeout: 5000 });
    expect(screen.getByText('Meera Shah के साथ अनुभव कैसा रहा?')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^संदेश/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Message/ })).toBeNull();
    await userEvent.click(open);
    const form = screen.getByRole('form', { name: 'Meera Shah को रेटिंग दें' });
    expect(within(form).getByRole('group', { name: 'Meera Shah को रेटिंग दें' })).toBeTruthy();
    expect(within(form).getByLabelText('4 स्टार')).toBeTruthy();
    expect(within(form).getByLabelText('टिप्पणी (ज़रूरी नहीं)')).toBeTruthy();
    expect(within(form).getByText('500 में से 0 अक्षर')).toBeTruthy();
    await userEvent.click(within(form).getByLabelText('4 स्टार'));
    expect(within(form).getByText('5 में से 4')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'रेटिंग दें' })).toBeTruthy();
    expectNoEnglish(['Rate Meera Shah', '4 stars', '4 of 5', 'characters'], form);
  });

  it('says how many are left on Show more in Hindi', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () =>
      json({
        bookings: Array.from({ length: 60 }, (_, i) =>
          makeOrder(`o${i}`, { name: `Sender ${i}`, createdAt: { _seconds: i } }),
        ),
      }),
    );
    renderApp('/mybookings', { api });
    expect(await screen.findByRole('button', { name: 'और दिखाएँ (10 बाकी)' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});
