// The messages screen (/bookings/<id>/messages) and the unread counts, through the DOM and the
// app's own store: each of my messages says how it stands (Sending, a tick read "Sent", Not sent
// with Retry / Discard, Seen), Enter sends only with a fine pointer, a closed thread says why, and
// unread counts show on the nav and on each booking until the thread is opened.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pull, refreshReference, replayOutbox } from '@/data';
import type { Order } from '@/domain/booking/schema';
import { ERRORS } from '@/domain/errors';
import { type Message, THREAD_PAYMENT_REMINDER, type ThreadRead } from '@/domain/message/schema';
import { MSG } from '@/domain/texts';
import { type FakeApi, fakeApi, json, THREADS_ROUTE } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';
import { windowScroll } from '../support/client-window-scroll';

const DAY = 86_400_000;
const NOW = Date.now();

/** My booking (I am its traveller) on Asha's AI101. */
const booking = makeOrder('b1', { listingId: 'b1_passenger', carrierName: 'Asha Rao' });

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

function readState(mine: Message | null, theirs: Message | null): ThreadRead {
  return {
    id: 'b1',
    bookingId: 'b1',
    mine: mine?.id ?? null,
    mineSeq: mine?.seq ?? 0,
    theirs: theirs?.id ?? null,
    theirsSeq: theirs?.seq ?? 0,
  };
}

function withThread(
  messages: Message[],
  reads: ThreadRead[],
  opts: { bookings?: Order[]; orders?: Order[] } = {},
): FakeApi {
  const api = fakeApi();
  api.on('GET /api/orders', () => json({ bookings: opts.bookings ?? [booking] }));
  if (opts.orders) api.on('GET /api/carrier-orders', () => json({ bookings: opts.orders }));
  api.on(THREADS_ROUTE, () => json({ messages, reads }));
  return api;
}

/** The push answers each mutation once `release` is called with an answer for it. */
function heldPush(api: FakeApi) {
  let answer: ((m: { id: number; kind: string }) => Record<string, unknown>) | null = null;
  let wake = () => {};
  api.on('POST /api/sync/push', async (req) => {
    const { mutations } = (await req.json()) as { mutations: { id: number; kind: string }[] };
    while (!answer) await new Promise<void>((r) => (wake = r));
    const reply = answer;
    return json({
      lastMutationId: mutations.at(-1)?.id ?? 0,
      results: mutations.map((m) => ({ id: m.id, ...reply(m) })),
    });
  });
  return {
    release(a: (m: { id: number; kind: string }) => Record<string, unknown>) {
      answer = a;
      wake();
    },
  };
}

/** A push answer: `answer` for the message, an empty success for anything else. */
const messageAnswered = (answer: Record<string, unknown>) => (m: { kind: string }) =>
  m.kind === 'message' ? answer : { ok: true, body: {} };

/** (pointer: fine) answers `fine`; every other query answers false. */
function pointer(fine: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(pointer: fine)' ? fine : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function openThread(api: FakeApi, timeout = 3000) {
  const view = renderApp('/bookings/b1/messages', { api });
  await screen.findByRole('heading', { name: 'Messages with Asha Rao' }, { timeout });
  return view;
}

describe('the thread', () => {
  const hello = message(1, false, 'I land at 9, where are you?', NOW - 2 * DAY);
  const gate = message(2, true, 'at gate 32', NOW - 60_000);
  const late = message(3, true, 'running 5 minutes late', NOW - 30_000);

  /** The thread with the carrier's hello open on a mouse (`fine`) or touch pointer, pushes held until released. */
  async function openHeld(fine: boolean) {
    pointer(fine);
    const api = withThread([hello], [readState(hello, null)]);
    const push = heldPush(api);
    const { store } = await openThread(api);
    return { push, store };
  }

  it('shows the flight and status, a separator per day, ticks for sent, Seen under the last one read', async () => {
    await openThread(withThread([hello, gate, late], [readState(hello, gate)]));
    expect(screen.getByText(/AI101 · DEL/)).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    await within(log).findByText('running 5 minutes late');
    // Two days, two separators; the newest message is last.
    expect(within(log).getByText('Today')).toBeTruthy();
    const texts = within(log)
      .getAllByText(/gate 32|late|land at 9/)
      .map((p) => p.textContent);
    expect(texts).toEqual(['I land at 9, where are you?', 'at gate 32', 'running 5 minutes late']);
    // A tick with words for screen readers on each of mine the server has.
    expect(within(log).getAllByText('Sent')).toHaveLength(2);
    // Seen once, under the last of mine the carrier has read ("at gate 32", not the later one).
    const seen = within(log).getAllByText('Seen');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.parentElement?.textContent).toContain('at gate 32');
    expect(seen[0]?.parentElement?.textContent).not.toContain('late');
    // Only the other side's messages can be reported.
    expect(within(log).getAllByRole('button', { name: 'Report this message' })).toHaveLength(1);
    expect(screen.getByText(THREAD_PAYMENT_REMINDER)).toBeTruthy();
    // Times in the device's time zone, machine-readable as the instant itself.
    expect(
      within(log)
        .getAllByRole('time', { hidden: true })
        .map((t) => t.getAttribute('datetime')),
    ).toEqual([hello.sentAt, gate.sentAt, late.sentAt]);
  });

  it('keeps one log from an empty thread to its first message, so a screen reader hears it arrive', async () => {
    const api = withThread([], []);
    heldPush(api);
    const { store } = await openThread(api);
    // The polite live region a screen reader was told of: it must stay the same element, since a
    // region put in with its text already inside is not announced.
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('No messages yet. Say hello to Asha Rao and agree where to meet.');
    api.on(THREADS_ROUTE, () => json({ messages: [hello], reads: [] }));
    await act(() => pull(store));
    expect(
      await within(log).findByText('I land at 9, where are you?', undefined, { timeout: 3000 }),
    ).toBeTruthy();
    expect(log.isConnected).toBe(true);
    expect(screen.getAllByRole('log', { name: 'Messages' })).toEqual([log]);
  });

  it("shows the departure at its airport's clock, naming the zone where it differs from the device's", async () => {
    const dubai = makeOrder('b1', {
      listingId: 'b1_passenger',
      carrierName: 'Asha Rao',
      departure: '2099-05-01',
    });
    dubai.flightDetails = { ...dubai.flightDetails, from: 'DXB', flightNo: 'EK500', airline: 'EK' };
    const { store } = await openThread(withThread([hello], [readState(hello, null)], { bookings: [dubai] }));
    // No airports mirrored yet: the time alone (the screen does not load the airport list itself).
    expect(screen.getByText(/EK500 · DXB/).textContent).toMatch(/1 May, 9:30 am$/);
    // Once another screen has mirrored them, the header names Dubai's zone (the device keeps
    // India's time: tests/support/setup-client.ts).
    await act(() => refreshReference(store, { force: true }));
    await waitFor(() => expect(screen.getByText(/EK500 · DXB/).textContent).toMatch(/1 May, 9:30 am GST$/));
  });

  it('shows a message as Sending at once, then Not sent with the reason, Retry and Discard', async () => {
    const { push, store } = await openHeld(true);
    await userEvent.type(screen.getByLabelText('Message'), 'at gate 32{Enter}');
    const log = screen.getByRole('log', { name: 'Messages' });
    const bubble = (await within(log).findByText('at gate 32')).parentElement as HTMLElement;
    expect(within(bubble).getByText('Sending')).toBeTruthy();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    push.release(
      messageAnswered({ ok: false, code: 'thread/closed', message: 'This conversation is closed' }),
    );
    await act(() => replayOutbox(store));
    // The refusal by its code, in the user's language (not the server's words).
    expect(await within(log).findByText(`Not sent: ${ERRORS['thread/closed'].message}`)).toBeTruthy();
    expect(within(log).queryByText('Sending')).toBeNull();
    await userEvent.click(within(log).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(within(log).queryByText('at gate 32')).toBeNull());
    expect((await store.db.outbox.toArray()).filter((e) => e.kind === 'message')).toEqual([]);
  });

  it('turns Sending into a tick once the server stores it', async () => {
    const { push, store } = await openHeld(true);
    await userEvent.type(screen.getByLabelText('Message'), 'at gate 32{Enter}');
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findByText('Sending');
    const [queued] = (await store.db.outbox.toArray()).filter((e) => e.kind === 'message');
    const args = queued?.args as { id: string; text: string };
    push.release(messageAnswered({ ok: true, body: { ...message(2, true, args.text, NOW), id: args.id } }));
    await act(() => replayOutbox(store));
    await waitFor(() => expect(within(log).queryByText('Sending')).toBeNull());
    expect(within(log).getByText('Sent')).toBeTruthy();
  });

  it('with a mouse, Enter sends and Shift+Enter breaks the line', async () => {
    const { store } = await openHeld(true);
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'at gate 32{Shift>}{Enter}{/Shift}by the cafe');
    expect(await store.db.outbox.filter((e) => e.kind === 'message').count()).toBe(0);
    expect((box as HTMLTextAreaElement).value).toBe('at gate 32\nby the cafe');
    await userEvent.type(box, '{Enter}');
    await waitFor(async () => {
      const sent = await store.db.messages.where('bookingId').equals('b1').toArray();
      expect(sent.filter((m) => m.mine).map((m) => m.text)).toEqual(['at gate 32\nby the cafe']);
    });
  });

  it('on a touch screen, Enter breaks the line and Send sends', async () => {
    const { store } = await openHeld(false);
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'at gate 32{Enter}by the cafe');
    expect((box as HTMLTextAreaElement).value).toBe('at gate 32\nby the cafe');
    expect(await store.db.outbox.filter((e) => e.kind === 'message').count()).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(async () =>
      expect(await store.db.outbox.filter((e) => e.kind === 'message').count()).toBe(1),
    );
  });

  it("refuses an empty message with the domain's message and queues nothing", async () => {
    const api = withThread([hello], [readState(hello, null)]);
    const { store } = await openThread(api);
    await userEvent.type(screen.getByLabelText('Message'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MSG.messageRequired)).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect(await store.db.outbox.filter((e) => e.kind === 'message').count()).toBe(0);
  });

  it('reports a message of the other side with a reason from the list and words, with a toast', async () => {
    const api = withThread([hello], [readState(hello, null)]);
    heldPush(api);
    const { store } = await openThread(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Report this message' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this message?' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'scam');
    await userEvent.type(within(dialog).getByLabelText('What happened (optional)'), 'Asked for cash');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Message reported. Our team will review it.')).toBeTruthy();
    const [entry] = await store.db.outbox.filter((e) => e.kind === 'report-message').toArray();
    expect(entry?.args).toMatchObject({ messageId: hello.id, category: 'scam', reason: 'Asked for cash' });
  });

  it('shows why a thread is read-only, 30 days after its booking ended, instead of the composer', async () => {
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
    await openThread(withThread([hello], [readState(hello, null)], { bookings: [done] }));
    expect(
      screen.getByText(
        'This conversation is closed: messages can be sent until 30 days after a booking ends.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('marks the thread read when it opens', async () => {
    const api = withThread([hello], [readState(null, null)]);
    heldPush(api);
    const { store } = await openThread(api);
    await waitFor(async () => expect((await store.db.reads.get('b1'))?.mine).toBe(hello.id));
    const [entry] = await store.db.outbox.filter((e) => e.kind === 'read-messages').toArray();
    expect(entry?.args).toEqual({ bookingId: 'b1', lastReadId: hello.id });
  });

  it('tells the server the thread is on screen, and that it left it (no push for it meanwhile)', async () => {
    const api = withThread([hello], [readState(hello, null)]);
    heldPush(api);
    api.on('PUT /api/bookings/b1/viewing', () => json({ until: new Date(NOW + 90_000).toISOString() }));
    api.on('DELETE /api/bookings/b1/viewing', () => json({ message: 'Left the thread' }));
    const { router } = await openThread(api);
    await waitFor(() => expect(api.calls).toContain('PUT /api/bookings/b1/viewing'));
    expect(api.calls).not.toContain('DELETE /api/bookings/b1/viewing');
    await act(() => router.navigate({ to: '/mybookings' }));
    await waitFor(() => expect(api.calls).toContain('DELETE /api/bookings/b1/viewing'));
  });
});

describe('unread counts', () => {
  const one = message(1, false, 'I land at 9', NOW - 120_000);
  const two = message(2, false, 'where are you?', NOW - 60_000);

  it('show on My Bookings in the nav and on the booking, and go once the thread is opened', async () => {
    const api = withThread([one, two], []);
    heldPush(api);
    renderApp('/mybookings', { api });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      await within(nav).findByRole('link', { name: /^My Bookings ?, 2 unread messages$/ }, { timeout: 3000 }),
    ).toBeTruthy();
    const row = await screen.findByRole('article');
    // On the row itself, as on the carrier's: not behind View Details.
    await userEvent.click(await within(row).findByRole('link', { name: /^Message ?, 2 unread messages$/ }));
    await screen.findByRole('heading', { name: 'Messages with Asha Rao' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'My Bookings' })).toBeTruthy());
  });

  it('show on Order History in the nav and on the order, whose Message action opens the thread', async () => {
    const order = makeOrder('b1', { listingId: 'b1_carrier', name: 'Meera Shah' });
    const theirs = { ...one, from: 'traveller' as const };
    const api = withThread([theirs], [], { bookings: [], orders: [order] });
    heldPush(api);
    const view = renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      // The order is a request still to answer: counted beside the unread message.
      await within(nav).findByRole('link', {
        name: /^Order History ?, 1 request to answer ?, 1 unread message$/,
      }),
    ).toBeTruthy();
    const row = screen.getByRole('article');
    await userEvent.click(await within(row).findByRole('link', { name: /^Message ?, 1 unread message$/ }));
    await screen.findByRole('heading', { name: 'Messages with Meera Shah' });
    expect(view.router.state.location.pathname).toBe('/bookings/b1/messages');
    // The carrier is the one paid: told to confirm the payment, not to pay themselves.
    expect(screen.getByText(/^The traveller pays you at the hand-off/)).toBeTruthy();
    expect(screen.queryByText(THREAD_PAYMENT_REMINDER)).toBeNull();
  });
});

describe('a long thread', () => {
  /** `n` messages taking turns (mine first), a minute apart, the newest a minute ago. */
  const thread = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      message(i + 1, i % 2 === 0, `message ${i + 1}`, NOW - (n - i) * 60_000),
    );
  const log = () => screen.getByRole('log', { name: 'Messages' });
  const shown = () =>
    within(log())
      .queryAllByText(/^message \d+$/)
      .map((p) => p.textContent);
  /** Waits for `text` in the log (the log itself is replaced once the thread has loaded). */
  const inLog = (text: string, timeout = 10_000) => waitFor(() => within(log()).getByText(text), { timeout });

  it('renders only part of a thread past a few hundred messages', async () => {
    const many = thread(320);
    const page = windowScroll();
    try {
      await openThread(withThread(many, [readState(many.at(-2) ?? null, null)]), 15_000);
      await inLog('message 320');
      // Not every message is in the page, and it opens at the newest.
      expect(shown().length).toBeLessThan(40);
      expect(within(log()).queryByText('message 1')).toBeNull();
    } finally {
      page.undo();
    }
  }, 40_000);

  it('opens a thread of 5,000 at its newest messages with a bounded number of rows, and reads older ones on scrolling up', async () => {
    const many = thread(5000);
    const page = windowScroll();
    try {
      const { store } = await openThread(
        withThread(many, [readState(many.at(-2) ?? null, many.at(-1) ?? null)]),
      );
      await waitFor(async () => expect(await store.db.messages.count()).toBe(5000), { timeout: 20_000 });
      await inLog('message 5000');
      // The newest at the bottom, Seen under my last one, a bounded number of rows in the DOM.
      await waitFor(() => expect(page.y).toBeGreaterThan(0));
      expect(shown().at(-1)).toBe('message 5000');
      expect(within(log()).getAllByText('Seen')).toHaveLength(1);
      expect(shown().length).toBeLessThan(40);
      expect(within(log()).getAllByRole('time', { hidden: true }).length).toBeLessThan(40);
      // Only the newest page is read: the list is as tall as about 100 messages.
      const sizer = log().querySelector(':scope > div') as HTMLElement;
      const height = Number.parseFloat(sizer.style.height);
      expect(height).toBeLessThan(150 * 100);
      // Scrolling to the top reads the page before it in, above the rows on screen.
      await page.scrollTo(0);
      await inLog('message 4900');
      expect(Number.parseFloat(sizer.style.height)).toBeGreaterThan(height);
      expect(page.y).toBeGreaterThan(0);
      expect(shown().length).toBeLessThan(40);
      // And again, page by page.
      await page.scrollTo(0);
      await inLog('message 4800');
      expect(within(log()).queryByText('message 1')).toBeNull();
    } finally {
      page.undo();
    }
  }, 60_000);

  it('reads the thread up to its first message, and then says nothing more is loading', async () => {
    const many = thread(250);
    const page = windowScroll();
    try {
      await openThread(withThread(many, [readState(many.at(-2) ?? null, null)]), 15_000);
      await inLog('message 250');
      expect(screen.getByText('Loading earlier messages...')).toBeTruthy();
      for (const oldest of ['message 150', 'message 50']) {
        await page.scrollTo(0);
        await inLog(oldest);
      }
      await page.scrollTo(0);
      await inLog('message 1');
      expect(screen.queryByText('Loading earlier messages...')).toBeNull();
    } finally {
      page.undo();
    }
  }, 40_000);
});
