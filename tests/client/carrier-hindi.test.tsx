// The carrier's screens and payments in Hindi (issue 32): Your Listings, Add Listing, Order
// History with its requests to answer, the decline, cancel and complete dialogs, the payment
// panel on both sides, the receipt, and the profile's payouts and earnings. Each screen shows its
// Hindi words, and none of the English strings moved into the carrier catalogue is left on it
// (as text or as an accessible name).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAllAreas, loadLocale } from '@/client/i18n/i18n';
import { handoffCodeFrom } from '@/domain/handoff/code';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';
import { ASHAS_LISTING, makeListing, makeOrder } from '../support/client-rows';

beforeEach(async () => {
  await loadLocale('hi');
  await loadAllAreas('hi');
});

afterEach(async () => {
  await loadLocale('en');
});

// Screens import their lazy chunks on first render: slow on a loaded machine.
const SLOW = { timeout: 20_000 };
/** A test that walks through several dialogs. */
const LONG = 45_000;

/**
 * Fails when any of `english` is still on the page: as an element's whole text, as an aria-label,
 * placeholder or title, or (a sentence) anywhere in the page's text.
 */
function expectNoEnglish(english: readonly string[]) {
  const text = document.body.textContent ?? '';
  const names = [...document.querySelectorAll('[aria-label],[placeholder],[title]')].flatMap((el) =>
    ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a)).filter(Boolean),
  );
  for (const s of english) {
    expect(screen.queryAllByText(s), s).toHaveLength(0);
    expect(names, s).not.toContain(s);
    if (s.length >= 20) expect(text, s).not.toContain(s);
  }
}

describe('Your Listings in Hindi', () => {
  it(
    'shows the empty list and the add button in Hindi',
    async () => {
      renderApp('/carrierhome', { session: { role: 'carrier' } });
      await findHeading('आपकी लिस्टिंग', SLOW.timeout);
      expect(await screen.findByText('कोई लिस्टिंग नहीं मिली।', {}, SLOW)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'लिस्टिंग जोड़ें' })).toBeTruthy();
      expectNoEnglish([
        'Your Listings',
        "Spare baggage space you've offered on your flights.",
        'No listings found.',
        'Tap the + button to list space on your next flight.',
        'Add listing',
      ]);
    },
    LONG,
  );

  it(
    "offers Edit and Withdraw on the carrier's own listing, and their dialogs, in Hindi",
    async () => {
      const api = fakeApi();
      api.on('GET /api/listings/*', () => json([makeListing('l1', ASHAS_LISTING)]));
      renderApp('/carrierhome', { api, session: { role: 'carrier' } });
      await userEvent.click(await screen.findByRole('button', { name: 'वापस लें' }, SLOW));
      const withdraw = screen.getByRole('dialog', { name: 'यह लिस्टिंग वापस लें?' });
      expect(within(withdraw).getByRole('group', { name: 'वजह' })).toBeTruthy();
      expect(within(withdraw).getByRole('radio', { name: 'अब मेरे पास जगह नहीं है' })).toBeTruthy();
      expect(within(withdraw).getByText(/^यह तुरंत हर डिवाइस पर खोज से हट जाएगी।/)).toBeTruthy();
      expect(within(withdraw).getByRole('button', { name: 'लिस्टिंग वापस लें' })).toBeTruthy();
      expectNoEnglish([
        'Withdraw this listing?',
        'Reason',
        'I no longer have the space',
        'The flight changed',
        'Another reason',
        'In your words (optional)',
        'Keep it',
        'Withdraw listing',
        'Withdraw',
        'Edit',
      ]);
      await userEvent.click(within(withdraw).getByRole('button', { name: 'लिस्टिंग वापस लें' }));
      expect(await within(withdraw).findByText('कोई वजह चुनें')).toBeTruthy();
      expectNoEnglish(['Choose a reason']);
      await userEvent.click(within(withdraw).getByRole('button', { name: 'रहने दें' }));

      await userEvent.click(screen.getByRole('button', { name: 'बदलें' }));
      const edit = screen.getByRole('dialog', { name: 'लिस्टिंग बदलें DEL → BOM' });
      expect(within(edit).getByLabelText('फ़्लाइट नंबर')).toBeTruthy();
      expect(within(edit).getByLabelText('प्रति KG कीमत (₹)')).toBeTruthy();
      expect(within(edit).getByText('इस लिस्टिंग पर 2 KG बुक है।')).toBeTruthy();
      await userEvent.clear(within(edit).getByLabelText('वज़न (KG)'));
      await userEvent.type(within(edit).getByLabelText('वज़न (KG)'), '1');
      await userEvent.click(within(edit).getByRole('button', { name: 'बदलाव सेव करें' }));
      expect(await within(edit).findByText('यात्री 2 KG बुक कर चुके हैं: वज़न इससे कम नहीं हो सकता।')).toBeTruthy();
      expectNoEnglish([
        'Edit listing DEL → BOM',
        'Departure',
        'Time',
        'Flight No',
        'Weight (KG)',
        'Cost per KG (₹)',
        '2 KG is booked on this listing.',
        'Travellers have booked 2 KG: the weight cannot be less.',
        'Close',
        'Save changes',
      ]);
    },
    LONG,
  );
});

describe('Add Listing in Hindi', () => {
  it(
    'labels the form, its placeholders and its button in Hindi',
    async () => {
      renderApp('/carrier/add-listing', { session: { role: 'carrier' } });
      await findHeading('लिस्टिंग जोड़ें', SLOW.timeout);
      const form = await screen.findByRole('form', { name: 'लिस्टिंग जोड़ें' }, SLOW);
      expect(within(form).getByLabelText('फ़्लाइट नंबर').getAttribute('placeholder')).toBe('अपना फ़्लाइट नंबर डालें');
      expect(within(form).getByLabelText('वज़न (KG)')).toBeTruthy();
      expect(within(form).getByLabelText('प्रति KG कीमत (₹)')).toBeTruthy();
      expect(within(form).getByLabelText('एयरलाइन')).toBeTruthy();
      expect(within(form).getByRole('button', { name: 'सबमिट करें' })).toBeTruthy();
      expectNoEnglish([
        'Add Listing',
        'Add listing',
        "Tell travellers which flight you're on and how much space you can spare.",
        'Departure',
        'Time',
        'Airline',
        'Flight No',
        'Enter Your Flight Number',
        'Weight (KG)',
        'Enter Available Weight',
        'Cost per KG (₹)',
        'How Much Will You Charge In ₹',
        'Submit',
      ]);
    },
    LONG,
  );
});

const ACCEPTED = makeOrder('acc', {
  status: 'accepted',
  name: 'Meera Shah',
  weight: 3,
  cost: 2400,
  pricePerKg: 800,
  payee: { name: 'Asha Rao', upiId: 'asha@okaxis', masked: false },
  payment: null,
  createdAt: { _seconds: 200 },
});

function carrierOrders() {
  const api = fakeApi();
  const now = Math.floor(Date.now() / 1000);
  api.on('GET /api/carrier-orders', () =>
    json({
      bookings: [
        makeOrder('req', { status: 'pending', name: 'Ravi Kumar', createdAt: { _seconds: now - 3600 } }),
        ACCEPTED,
      ],
    }),
  );
  return renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
}

describe('Order History in Hindi', () => {
  it(
    'shows the requests to answer, the past orders and their actions in Hindi',
    async () => {
      carrierOrders();
      const toAnswer = (await findHeading(/जवाब देना है/, SLOW.timeout)).closest('section') as HTMLElement;
      expect(within(toAnswer).getByText(/^\d+ घंटे \d+ मिनट में खत्म होगा$|^\d+ घंटे में खत्म होगा$/)).toBeTruthy();
      expect(within(toAnswer).getByRole('article', { name: 'DEL से BOM, Ravi Kumar' })).toBeTruthy();
      expect(within(toAnswer).getByRole('button', { name: 'स्वीकार करें' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'पिछले ऑर्डर' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'सभी ऑर्डर' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'पूरा करें' })).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'विवरण देखें' })).toHaveLength(2);
      expectNoEnglish([
        'To answer',
        'Accept or decline each request: one left unanswered expires 24 hours after it was made, or 2 hours before its flight.',
        'Past Orders',
        'Order History',
        'View your past orders',
        'Filter orders',
        'All Orders',
        'Rejected',
        'Accept',
        'Decline',
        'Cancel',
        'Complete',
        'View Details',
        'DEL to BOM, Ravi Kumar',
        'DEL to BOM, Meera Shah',
      ]);
      expect(document.body.textContent).not.toMatch(/Expires in|Expiring now/);

      // Decline asks first, with the reasons, in Hindi.
      await userEvent.click(within(toAnswer).getByRole('button', { name: 'अस्वीकार करें' }));
      const decline = screen.getByRole('dialog', { name: 'Ravi Kumar का अनुरोध अस्वीकार करें?' });
      expect(within(decline).getByRole('radio', { name: 'यह सामान ले जाना मेरे लिए संभव नहीं' })).toBeTruthy();
      expect(within(decline).getByText('0 / 400 अक्षर। दूसरी तरफ़ वाले इसे देख पाएँगे।')).toBeTruthy();
      expectNoEnglish([
        "Decline Ravi Kumar's request?",
        'The traveller is told, with your reason, and the space goes back on offer.',
        'I cannot carry this item',
        '0 / 400 characters. The other side sees this.',
        'Decline request',
      ]);
      await userEvent.click(within(decline).getByRole('button', { name: 'रहने दें' }));

      // Complete before the flight asks first, then the hand-off code and the payment.
      await userEvent.click(screen.getByRole('button', { name: 'पूरा करें' }));
      const early = await screen.findByRole('alertdialog', { name: 'फ़्लाइट से पहले पूरा करें?' });
      expectNoEnglish(['Complete before the flight?', 'It was handed back', 'Not yet']);
      await userEvent.click(within(early).getByRole('button', { name: 'सामान सौंप दिया गया' }));
      const complete = await screen.findByRole('dialog', { name: 'डिलीवरी पूरी करें' });
      expect(within(complete).getByLabelText('हैंड-ऑफ़ कोड')).toBeTruthy();
      expect(within(complete).getByRole('group', { name: 'क्या ₹2,400 का भुगतान मिल गया?' })).toBeTruthy();
      expect(within(complete).getByRole('radio', { name: 'हाँ, UPI से' })).toBeTruthy();
      await userEvent.click(within(complete).getByRole('button', { name: 'पूरा करें' }));
      expect(await within(complete).findByText('हैंड-ऑफ़ कोड ज़रूरी है')).toBeTruthy();
      expectNoEnglish([
        'Complete delivery',
        'Ask Meera Shah for the 6-digit hand-off code on their booking.',
        'Hand-off code',
        'Was the payment of ₹2,400 received?',
        'Yes, by UPI',
        'Yes, in cash',
        'Completing...',
      ]);
    },
    LONG,
  );

  it(
    "shows the carrier's payment panel and the receipt in Hindi",
    async () => {
      carrierOrders();
      await waitFor(() => expect(screen.getAllByRole('button', { name: 'विवरण देखें' })).toHaveLength(2), SLOW);
      const accepted = screen.getByRole('article', { name: 'DEL से BOM, Meera Shah' });
      await userEvent.click(within(accepted).getByRole('button', { name: 'विवरण देखें' }));
      const panel = await screen.findByRole('region', { name: 'भुगतान' }, SLOW);
      expect(
        within(panel).getByRole('heading', { name: 'Meera Shah सामान सौंपते समय आपको ₹2,400 देंगे' }),
      ).toBeTruthy();
      expect(within(panel).getByText('₹800 प्रति KG × 3 KG = ₹2,400, बुकिंग के समय तय।')).toBeTruthy();
      expect(within(panel).getByRole('button', { name: 'मेरा UPI कोड दिखाएँ' })).toBeTruthy();
      expect(within(panel).getByRole('button', { name: 'भुगतान मिला: नकद' })).toBeTruthy();
      expectNoEnglish([
        'Payment',
        'Meera Shah pays you ₹2,400 at the hand-off',
        '₹800 per KG × 3 KG = ₹2,400, fixed when booked.',
        'Show my UPI code',
        'Payment received: UPI',
        'Payment received: cash',
        'Receipt',
      ]);

      await userEvent.click(within(panel).getByRole('link', { name: 'रसीद' }));
      await findHeading('रसीद', SLOW.timeout);
      const receipt = screen.getByRole('article', { name: 'रसीद' });
      const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
      expect(row('यात्री')).toBe('Meera Shah');
      expect(row('कीमत')).toBe('₹800 प्रति KG × 3 KG = ₹2,400');
      expect(row('भुगतान')).toBe('सामान सौंपते समय देना है (UPI या नकद)');
      expect(screen.getByRole('button', { name: 'प्रिंट करें' })).toBeTruthy();
      expectNoEnglish([
        'Receipt',
        'Carry: luggage space on a flight, paid at the hand-off.',
        'Carry takes no money itself: the traveller pays the carrier at the hand-off, by UPI or in cash, and both record it in the booking.',
        'Booking',
        'Traveller',
        'Carrier',
        'Flight',
        'Route',
        'Weight',
        'Price',
        'Total',
        'Reference',
        'To pay at the hand-off (UPI or cash)',
        '₹800 per KG × 3 KG = ₹2,400',
        'Back',
        'Print',
      ]);
    },
    LONG,
  );
});

describe("The traveller's payment and hand-off code in Hindi", () => {
  it(
    'says what to pay, to whom, how, and shows the hand-off code',
    async () => {
      const api = fakeApi();
      const code = handoffCodeFrom('40817');
      api.on('GET /api/orders', () =>
        json({ bookings: [{ ...ACCEPTED, listingId: 'acc_passenger', handoffCode: code }] }),
      );
      renderApp('/mybookings', { api });
      const details = await screen.findByRole('button', { name: 'विवरण देखें' }, SLOW);
      await act(async () => {
        await userEvent.click(details);
        await import('@/client/routes/-components/handoff-qr');
        await import('@/client/routes/-components/upi-qr');
      });
      const panel = await screen.findByRole('region', { name: 'भुगतान' }, SLOW);
      expect(
        within(panel).getByRole('heading', { name: 'सामान सौंपते समय Asha Rao को ₹2,400 दें' }),
      ).toBeTruthy();
      expect(within(panel).getByRole('link', { name: 'UPI ऐप में खोलें' })).toBeTruthy();
      expect(within(panel).getByText('या सामान सौंपते समय नकद दें।')).toBeTruthy();
      expect(within(panel).getByRole('form', { name: 'मैंने भुगतान कर दिया' })).toBeTruthy();
      expect(within(panel).getByLabelText('UPI ट्रांज़ैक्शन रेफ़रेंस')).toBeTruthy();
      expect(
        await within(panel).findByRole('img', { name: 'Asha Rao को ₹2,400 भुगतान करने का UPI QR कोड' }, SLOW),
      ).toBeTruthy();
      const handoff = screen.getByRole('region', { name: 'हैंड-ऑफ़ कोड' });
      expect(
        await within(handoff).findByRole('img', { name: /^हैंड-ऑफ़ कोड .* का QR कोड$/ }, SLOW),
      ).toBeTruthy();
      expectNoEnglish([
        'Pay ₹2,400 to Asha Rao at the hand-off',
        'Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM): the amount is filled in.',
        'Open in UPI app',
        'Or pay in cash at the hand-off.',
        'I paid',
        'UPI transaction reference',
        'Paid by UPI? Your app shows it, like 412345678901.',
        'UPI QR code to pay ₹2,400 to Asha Rao',
        'Hand-off code',
        'Give this code (or let them scan the QR code) at arrival, when your carrier hands your luggage back to you: never at check-in or before. It confirms the delivery.',
      ]);
    },
    LONG,
  );
});

describe('Payouts and earnings in Hindi', () => {
  it(
    "shows the profile's UPI ID and earnings in Hindi",
    async () => {
      const api = fakeApi();
      api.on('GET /api/profile/*', () =>
        json({
          profile: { name: 'Asha Rao', phone: '9876543210', gender: 'female', age: 30 },
          bookings: {
            carrier: { pending: 0, completed: 2, declined: 0 },
            passenger: { pending: 0, completed: 0, declined: 0 },
            sender: { pending: 0, completed: 0, declined: 0 },
          },
        }),
      );
      api.on('GET /api/earnings', (req) =>
        new URL(req.url).searchParams.get('side') === 'carrier'
          ? json({
              side: 'carrier',
              months: [{ month: '2026-11', bookings: 2, received: 2400, claimed: 0, owed: 800 }],
              next: null,
            })
          : json({ side: 'traveller', months: [], next: null }),
      );
      renderApp('/profile', { api, session: { role: 'carrier' } });
      await findHeading('पैसे पाना', SLOW.timeout);
      expect(screen.getByRole('form', { name: 'UPI ID' })).toBeTruthy();
      expect(screen.getByLabelText('UPI ID (ज़रूरी नहीं)')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'UPI ID सेव करें' })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'पैसे' }, SLOW)).toBeTruthy();
      const earnings = screen.getByRole('region', { name: 'कैरियर के रूप में कमाई' });
      expect(await within(earnings).findByText('(2 बुकिंग)', {}, SLOW)).toBeTruthy();
      expect(within(earnings).getByRole('columnheader', { name: 'अभी मिलना बाकी' })).toBeTruthy();
      const paid = screen.getByRole('region', { name: 'यात्री के रूप में भुगतान' });
      expect(await within(paid).findByText('अभी तक कोई बुकिंग पूरी नहीं हुई।', {}, SLOW)).toBeTruthy();
      expectNoEnglish([
        'Payouts',
        'UPI ID (optional)',
        'Like name@okaxis or 9876543210@ybl',
        'Save UPI ID',
        'Money',
        'Earnings as a carrier',
        'Paid as a traveller',
        'Month',
        'Received',
        'Said paid, to confirm',
        'Still owed',
        '(2 bookings)',
        'No completed bookings yet.',
      ]);
    },
    LONG,
  );
});
