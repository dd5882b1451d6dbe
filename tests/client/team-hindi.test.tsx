// The team console in Hindi (issue 32): every view's heading, filters, rows and buttons in Hindi,
// statuses and report reasons from their codes, an action's toast in the console's words, and none
// of the English of the team catalogue left on the page (its text, labels and hints).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import english from '../../messages/team/en.json';
import hindi from '../../messages/team/hi.json';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { englishOf, renderInHindi } from '../support/hindi';

renderInHindi();

/**
 * The team catalogue's English texts that differ from their Hindi and are long enough to be told
 * apart from data (a parameter's text: the words before it).
 */
const ENGLISH = englishOf(english, hindi, 8);

/** Everything a person reads or hears on the page: text, and the names and hints of controls. */
function pageWords(): string {
  const attributes = [...document.querySelectorAll('[aria-label], [alt], [placeholder], [title]')].flatMap(
    (el) => ['aria-label', 'alt', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [document.body.textContent ?? '', ...attributes].join('\n');
}

function expectNoEnglish() {
  const words = pageWords();
  expect(ENGLISH.filter((text) => words.includes(text))).toEqual([]);
}

const AT = Date.UTC(2026, 10, 21, 10);
/** A view's first open loads its code: on a busy machine that takes more than a second. */
const SLOW = { timeout: 20_000 };

/** Audit rows as the server writes them (src/domain/team/audit.ts), and their Hindi. */
const AUDIT_SUBJECTS = [
  ['query.reply', 'query from ravi@example.com', 'सवाल का जवाब दिया', 'ravi@example.com का सवाल'],
  [
    'report.warn',
    'report scam on rogue@example.com',
    'शिकायत पर चेतावनी दी',
    'rogue@example.com की शिकायत: धोखाधड़ी या Carry के बाहर भुगतान माँगना',
  ],
  [
    'searches.contact',
    'DEL-BOM 2099-05-01 (3 searchers)',
    'बिना नतीजे वाली खोज करने वालों को लिखा',
    '1 मई 2099 को DEL से BOM (3 खोजने वाले)',
  ],
  [
    'courier.propose',
    'courier request of asha@example.com: listing AI883 2099-12-22',
    'कूरियर अनुरोध के लिए लिस्टिंग सुझाई',
    'asha@example.com का कूरियर अनुरोध: लिस्टिंग AI883, 22 दिस॰ 2099',
  ],
  [
    'courier.reveal-id',
    "Government ID of asha@example.com's courier request",
    'पूरा सरकारी पहचान पत्र देखा',
    'asha@example.com के कूरियर अनुरोध का सरकारी पहचान पत्र',
  ],
  [
    'dispute.resolve',
    'payment dispute on booking b1234567-0000 (asha@example.com paying meera@example.com)',
    'भुगतान विवाद सुलझाया',
    'बुकिंग b1234567-0000 पर भुगतान विवाद (asha@example.com से meera@example.com को भुगतान)',
  ],
] as const;

function staffApi() {
  const api = fakeApi();
  api.on('GET /api/auth', () => json({ status: 200, staff: true }));
  const list = (items: unknown[]) => () => json({ items, next: null });
  api.on(
    'GET /api/team/queries',
    list([
      {
        id: 'q1',
        name: 'Ravi Kumar',
        email: 'ravi@example.com',
        phone: '9876500000',
        message: 'Where is my refund?',
        createdAt: AT,
        reply: null,
        closedAt: null,
      },
    ]),
  );
  api.on(
    'GET /api/team/reports',
    list([
      {
        id: 'r1',
        kind: 'message',
        reason: 'scam',
        details: 'Asked for cash',
        status: 'open',
        createdAt: AT,
        reporter: { email: 'asha@example.com', name: 'Asha Rao' },
        subject: { id: 'u9', email: 'rogue@example.com', name: 'Rogue', suspended: true },
        message: { text: 'Pay me in cash at the gate', sentAt: AT },
        booking: { id: 'b1234567-0000', status: 'accepted' },
      },
    ]),
  );
  api.on(
    'GET /api/team/searches',
    list([
      { from: 'DEL', to: 'BOM', departure: '2099-05-01', people: 3, searches: 4, contacted: 1, notified: 0 },
    ]),
  );
  api.on(
    'GET /api/team/courier-requests',
    list([
      {
        id: 'c1',
        status: 'submitted',
        createdAt: AT,
        sender: { email: 'asha@example.com', name: 'Asha Rao' },
        item: 'Books',
        trip: { from: 'DEL', to: 'DXB', firstDay: '2099-12-20', lastDay: '2099-12-30', weightKg: 2 },
        governmentId: { type: 'Aadhaar Card', last4: '1234' },
      },
    ]),
  );
  api.on('GET /api/team/courier-requests/c1/matches', () =>
    json({
      listings: [
        {
          id: 'l1',
          flightNo: 'AI883',
          departure: '2099-12-22',
          time: '09:30',
          available: 8,
          cost: 300,
          name: 'Meera',
        },
      ],
    }),
  );
  api.on(
    'GET /api/team/users',
    list([
      {
        id: 'u9',
        email: 'rogue@example.com',
        name: 'Rogue',
        phone: '9000000000',
        createdAt: AT,
        suspended: true,
        suspendedReason: 'Scam',
      },
    ]),
  );
  api.on(
    'GET /api/team/bookings',
    list([
      {
        id: 'b1',
        status: 'accepted',
        weightGrams: 2000,
        cost: 600,
        createdAt: AT,
        traveller: 'asha@example.com',
        carrier: 'meera@example.com',
        from: 'DEL',
        to: 'BOM',
        departure: '2099-05-01',
        flightNo: 'AI883',
      },
    ]),
  );
  api.on(
    'GET /api/team/disputes',
    list([
      {
        id: 'd1',
        createdAt: AT,
        resolvedAt: null,
        claimedRef: '412345678901',
        booking: {
          id: 'b1234567-0000',
          status: 'completed',
          cost: 600,
          weightGrams: 2000,
          paymentState: null,
        },
        traveller: { name: 'Asha Rao', email: 'asha@example.com' },
        carrier: { name: 'Meera', email: 'meera@example.com' },
        flightNo: 'AI883',
        from: 'DEL',
        to: 'BOM',
        departure: '2099-05-01',
      },
    ]),
  );
  api.on(
    'GET /api/team/audit',
    list([
      {
        id: 1,
        at: AT,
        actorId: 's1',
        actorEmail: 'staff@example.com',
        action: 'user.suspend',
        subject: 'rogue@example.com',
        reason: 'Scam',
      },
      ...AUDIT_SUBJECTS.map(([action, subject], i) => ({
        id: 2 + i,
        at: AT,
        actorId: 's1',
        actorEmail: 'staff@example.com',
        action,
        subject,
        reason: `Reason ${i}`,
      })),
      {
        id: 99,
        at: AT,
        actorId: null,
        actorEmail: 'operator (npm run staff)',
        action: 'staff.add',
        subject: 'boss@example.com',
        reason: 'operator command',
      },
    ]),
  );
  api.on('POST /api/team/*', () => json({ message: 'Sent to 3 searchers.', count: 3 }));
  return api;
}

/** Opens a view of the console from its navigation, as staff do. */
async function openView(name: string) {
  const nav = await screen.findByRole('navigation', { name: 'कंसोल' }, { timeout: 20_000 });
  await userEvent.click(within(nav).getByRole('link', { name }));
}

describe('the team console in Hindi', { timeout: 60_000 }, () => {
  it('refuses anyone else in Hindi', async () => {
    const api = fakeApi();
    api.on('GET /api/auth', () => json({ status: 200, staff: false }));
    renderApp('/team', { api });
    expect(await screen.findByText('कंसोल सिर्फ़ Carry टीम खोल सकती है।', {}, { timeout: 20_000 })).toBeTruthy();
    expectNoEnglish();
  });

  it('shows the inbox, asks for a reason and toasts the reply in Hindi', async () => {
    renderApp('/team', { api: staffApi() });
    const card = await screen.findByRole('article', { name: 'Ravi Kumar का सवाल' }, { timeout: 20_000 });
    expect(screen.getByRole('heading', { name: 'संपर्क सवाल' })).toBeTruthy();
    expect(within(screen.getByLabelText('दिखाएँ')).getByRole('option', { name: 'खुले' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'खोजें' })).toBeTruthy();
    expectNoEnglish();
    await userEvent.type(within(card).getByLabelText('जवाब (ईमेल से भेजा जाएगा)'), 'On its way.');
    await userEvent.click(within(card).getByRole('button', { name: 'जवाब भेजें' }));
    expect(await within(card).findByText('वजह बताइए: वजह ऑडिट लॉग में जाती है।')).toBeTruthy();
    expectNoEnglish();
    await userEvent.type(within(card).getByLabelText('वजह (ऑडिट लॉग में रखी जाएगी)'), 'Support');
    await userEvent.click(within(card).getByRole('button', { name: 'जवाब भेजें' }));
    expect(await screen.findByText('जवाब भेज दिया; सवाल बंद हो गया।', {}, SLOW)).toBeTruthy();
  });

  it('shows reports, searches, courier requests and users in Hindi', async () => {
    renderApp('/team/reports', { api: staffApi() });
    const report = await screen.findByRole(
      'article',
      { name: 'rogue@example.com की शिकायत' },
      { timeout: 20_000 },
    );
    expect(within(report).getByText('धोखाधड़ी या Carry के बाहर भुगतान माँगना')).toBeTruthy();
    expect(within(report).getByText(/एक संदेश · .* · खुले/)).toBeTruthy();
    expect(within(report).getByText('बुकिंग b1234567 (स्वीकार)')).toBeTruthy();
    expect(within(report).getByRole('button', { name: 'यूज़र को सस्पेंड करें' })).toBeTruthy();
    expectNoEnglish();

    await openView('बिना नतीजे वाली खोजें');
    const search = await screen.findByRole('article', { name: '1 मई 2099 को DEL से BOM' }, SLOW);
    expect(within(search).getByText(/3 लोगों ने पूछा \(4 खोजें\)/)).toBeTruthy();
    expectNoEnglish();
    await userEvent.type(within(search).getByLabelText('संदेश (ईमेल से भेजा जाएगा)'), 'A flight is listed.');
    await userEvent.type(within(search).getByLabelText('वजह (ऑडिट लॉग में रखी जाएगी)'), 'Help');
    await userEvent.click(within(search).getByRole('button', { name: 'खोजने वालों को लिखें' }));
    expect(await screen.findByText('3 खोजने वालों को भेजा।', {}, SLOW)).toBeTruthy();

    await openView('कूरियर अनुरोध');
    const courier = await screen.findByRole('article', { name: 'asha@example.com का कूरियर अनुरोध' }, SLOW);
    expect(within(courier).getByText(/DEL से DXB, 20 दिस॰ 2099 से 30 दिस॰ 2099, 2 KG · भेजा गया/)).toBeTruthy();
    await userEvent.click(within(courier).getByRole('button', { name: 'मिलती लिस्टिंग दिखाएँ' }));
    const matches = await within(courier).findByRole('list', { name: 'मिलती लिस्टिंग' }, SLOW);
    // Dates and times as a Hindi reader writes them, not 2099-12-22 09:30.
    expect(
      within(matches).getByText(/AI883 · 22 दिस॰ 2099, 9:30 am · 8 KG खाली · ₹300 प्रति KG/),
    ).toBeTruthy();
    expect(within(matches).getByRole('button', { name: 'यह लिस्टिंग भेजने वाले को सुझाएँ' })).toBeTruthy();
    await userEvent.click(within(courier).getByRole('button', { name: 'पूरी आईडी दिखाएँ…' }));
    expect(within(courier).getByRole('button', { name: 'पूरी आईडी दिखाएँ' })).toBeTruthy();
    expectNoEnglish();

    await openView('यूज़र');
    const user = await screen.findByRole('article', { name: 'rogue@example.com' }, SLOW);
    expect(within(user).getByText('सस्पेंड: Scam')).toBeTruthy();
    expect(within(user).getByRole('button', { name: 'फिर से चालू करें' })).toBeTruthy();
    expectNoEnglish();
  });

  it('shows bookings, payment disputes and the audit log in Hindi', async () => {
    renderApp('/team/bookings', { api: staffApi() });
    expect(
      await screen.findByText('asha@example.com, meera@example.com के साथ', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/DEL से BOM · AI883 · 1 मई 2099/)).toBeTruthy();
    expect(screen.getByLabelText('ईमेल या बुकिंग आईडी से खोजें')).toBeTruthy();
    expectNoEnglish();

    await openView('भुगतान विवाद');
    const dispute = await screen.findByRole(
      'article',
      { name: 'asha@example.com और meera@example.com का भुगतान विवाद' },
      SLOW,
    );
    expect(within(dispute).getByText(/2 KG के लिए ₹600 · DEL से BOM.* · AI883 · 1 मई 2099/)).toBeTruthy();
    expect(
      within(dispute).getByText(/कैरियर: Meera \(meera@example.com\) ने जवाब दिया: नहीं मिला।/),
    ).toBeTruthy();
    expect(within(dispute).getByRole('button', { name: 'सुलझा हुआ मार्क करें' })).toBeTruthy();
    expectNoEnglish();

    await openView('ऑडिट लॉग');
    await screen.findAllByText('staff@example.com', {}, SLOW);
    expect(screen.getAllByText('किसने').length).toBeGreaterThan(0);
    // Actions and the subjects the server writes, from their codes; an address and a staff
    // member's reason as written.
    const rows = screen.getAllByRole('listitem');
    const row = (id: string) => {
      const found = rows.find((r) => within(r).queryByText(id));
      if (!found) throw new Error(`no audit row with ${id}`);
      return found;
    };
    expect(within(row('Scam')).getByText('यूज़र को सस्पेंड किया')).toBeTruthy();
    expect(within(row('Scam')).getByText('rogue@example.com')).toBeTruthy();
    AUDIT_SUBJECTS.forEach(([, , action, subject], i) => {
      expect(within(row(`Reason ${i}`)).getByText(action)).toBeTruthy();
      expect(within(row(`Reason ${i}`)).getByText(subject)).toBeTruthy();
    });
    expect(within(row('boss@example.com')).getByText('टीम में जोड़ा')).toBeTruthy();
    expect(within(row('boss@example.com')).getByText('ऑपरेटर की कमांड लाइन')).toBeTruthy();
    const words = pageWords();
    expect(words).not.toMatch(
      /user\.suspend|query\.reply|staff\.add|searchers|courier request|operator command/,
    );
    expectNoEnglish();
  });
});
