// The pseudo-locale walk (issue 32, item 7): the app in Hindi with the Hindi catalogues answered
// by the pseudo-locale (tests/support/e2e-pseudo.ts: every English message accented and 40%
// longer), walked through every route of every role (the entry screens logged out; traveller,
// carrier, sender and team logged in, with listings, bookings, messages, a courier request and
// the team's queues, so no list is empty; a details panel, the profile menu and a dialog opened).
// On each screen:
//   - any visible text or accessible name with a plain English word (not a name, a code, a
//     number, an e-mail, a flight or an airport) never went through a catalogue: listed per route;
//   - at 390 px, nothing reaches sideways with the longer words, and axe finds nothing (also at
//     1280 px).
// The test fails with the whole list, route by route; and when a route file of src/client/routes
// is not walked. Run: npm run build && npx vitest run --project e2e tests/e2e/pseudo-locale.test.ts
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, launchBrowser, PHONE, sidewaysOverflow } from '../support/e2e-browser';
import { either, pseudo, servePseudo, untranslated, visibleTexts } from '../support/e2e-pseudo';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { type ApiUser, bookOver, createApiUser, listOver, type Role } from '../support/e2e-users';

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A 1x1 PNG: the courier request's item photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What people wrote and what things are called: never translated. */
const PEOPLE_WORDS = [
  'at gate 32',
  'On my way',
  'My booking is stuck, please help.',
  'Asked for money outside the app.',
  'Two paperback books',
  'MG Road',
  'Ravi Kumar',
];
/** Airports, cities and airlines of the seeded flights, as the reference data names them; and the
 * languages, named in their own words by the switch. */
const PLACES = [
  'English',
  'Indira Gandhi International Airport',
  'Chhatrapati Shivaji Maharaj International Airport',
  'Dubai International Airport',
  'London Heathrow Airport',
  'Heathrow',
  'New Delhi',
  'Delhi',
  'Mumbai',
  'Dubai',
  'London',
  'Air India',
];

let server: E2eServer;
let browser: Browser;
let carrier: ApiUser;
let traveller: ApiUser;
let staff: ApiUser;
let threadId = '';
let courierId = '';
const STAFF_EMAIL = `tara-${Date.now().toString(36)}@example.com`;

/** A name starting with `text`, in the pseudo-locale or in English. */
const startsWith = (text: string) => new RegExp(`^(?:${pseudo(text)}|${text})`);

/** What the walk found: route -> lines. */
const found = new Map<string, string[]>();
/** The routes walked, as src/client/routes names them ('/bookings/$id/messages'). */
const walked = new Set<string>();

function note(route: string, line: string) {
  found.set(route, [...(found.get(route) ?? []), line]);
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
  );
}

/** Reads the screen as it is: English words, sideways overflow at 390 px, axe at 390 and 1280 px. */
async function judge(page: Page, route: string, allowed: readonly string[]): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.waitForFunction((w) => window.innerWidth === w, PHONE.width);
  await settled(page);
  for (const t of untranslated(await visibleTexts(page), allowed))
    note(route, `English (${t.kind}): "${t.text.slice(0, 120)}" [${t.words.join(' ')}]`);
  const overflow = await sidewaysOverflow(page);
  if (overflow.px > 0) note(route, `at 390 px ${overflow.what} sticks out ${overflow.px}px`);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForFunction((w) => window.innerWidth === w, size.width);
    await settled(page);
    for (const v of await axeViolations(page))
      note(
        route,
        `axe @${size.width}px ${v.id}: ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`,
      );
  }
  await page.setViewportSize(PHONE);
}

/** A route, how it is named in src/client/routes, and what to open on it before judging. */
interface Visit {
  route: string;
  path: string;
  open?: (p: Page) => Promise<void>;
}

async function walk(page: Page, who: string, visits: Visit[], allowed: readonly string[]): Promise<void> {
  for (const { route, path, open } of visits) {
    walked.add(route);
    const label = `${who} ${path === route ? route : `${route} (${path})`}`;
    try {
      await page.goto(`${server.url}${path}`);
      await page
        .locator('h1:visible, h2:visible, [role="heading"]:visible')
        .first()
        .waitFor({ timeout: 30_000 });
      await settled(page);
      await judge(page, label, allowed);
      if (open) {
        await open(page);
        await judge(page, `${label}, opened`, allowed);
      }
    } catch (err) {
      note(label, `could not be walked: ${(err as Error).message.split('\n')[0]}`);
    }
  }
}

/** A context with the app in the pseudo-locale, no service worker (its cache would answer the catalogues). */
async function pseudoContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('carry.locale', 'hi'));
  await servePseudo(context);
  return context;
}

/**
 * Logged in as `user` in `role` through the login screen, the device in Hindi from the next screen
 * on: the pseudo-locale. An account that has used the walk before is in Hindi already, so the
 * screens are found by either name.
 */
async function loggedIn(user: ApiUser, role: Role): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  await servePseudo(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByLabel(either('Email Address')).fill(user.email);
  await page.getByLabel(either('Password')).fill(user.password);
  await page.getByRole('button', { name: either('Login') }).click();
  await page.getByRole('heading', { name: either('Who are you?') }).waitFor();
  const label = role.charAt(0).toUpperCase() + role.slice(1);
  await page.getByRole('button', { name: startsWith(label) }).click();
  await page.waitForURL((url) => url.pathname !== '/choose_user_type');
  await page.evaluate(() => localStorage.setItem('carry.locale', 'hi'));
  return page;
}

async function courierRequestOf(sender: ApiUser): Promise<string> {
  const form = new FormData();
  form.append('file', new File([PNG], 'bag.png', { type: 'image/png' }));
  const upload = await fetch(`${server.url}/api/files/courier-images`, {
    method: 'POST',
    body: form,
    headers: { cookie: sender.cookie, origin: server.url },
  });
  const { url } = (await upload.json()) as { url: string };
  const { id } = await sender.json<{ id: string }>('POST', '/api/courier/submit', {
    fullName: sender.name,
    emailAddress: sender.email,
    mobileNumber: sender.phone,
    governmentIdType: 'Aadhaar Card',
    governmentIdNumber: '123456789012',
    currentAddress: 'MG Road',
    pinCode: '560001',
    itemDescription: 'Two paperback books',
    paymentMode: 'UPI',
    from: 'DEL',
    to: 'BOM',
    firstDay: dayFromNow(5),
    lastDay: dayFromNow(15),
    weight: 2,
    declaredValue: 1500,
    recipientName: 'Ravi Kumar',
    recipientPhone: '9123456780',
    itemCategory: 'books',
    declarations: { noIllegalItems: true, termsAgreed: true, selfResponsibility: true },
    itemImageUrl: url,
  });
  return id;
}

async function seed(): Promise<void> {
  const listingId = await listOver(carrier, DEPARTURE, { to: 'BOM' });
  await listOver(carrier, dayFromNow(40), { to: 'DXB', flightNo: 'AI996' });
  for (const kg of [2, 3]) expect((await bookOver(traveller, listingId, kg)).ok).toBe(true);
  const { bookings } = await carrier.json<{ bookings: { listingId: string }[] }>(
    'GET',
    `/api/carrier-orders?email=${carrier.email}`,
  );
  threadId = bookings[0]?.listingId.replace(/_carrier$/, '') ?? '';
  await carrier.json('PUT', '/api/bookings/update-status', { listingId: threadId, status: 'accepted' });
  for (const [who, text] of [
    [traveller, 'at gate 32'],
    [carrier, 'On my way'],
  ] as const)
    expect((await who.call('POST', `/api/bookings/${threadId}/messages`, { text })).status).toBe(201);
  courierId = await courierRequestOf(traveller);
  // The team's queues: a contact query, an unmatched search, a report.
  await traveller.json('POST', '/api/contact', {
    name: traveller.name,
    email: traveller.email,
    phone: traveller.phone,
    message: 'My booking is stuck, please help.',
  });
  await traveller.call('POST', '/api/search-listings', {
    from: 'DEL',
    to: 'LHR',
    departure: DEPARTURE,
    flightNo: 'AI161',
    airline: 'AI',
    email: traveller.email,
    name: traveller.name,
    phone: traveller.phone,
  });
  await traveller.json('POST', '/api/reports', {
    kind: 'user',
    email: carrier.email,
    reason: 'scam',
    details: 'Asked for money outside the app.',
  });
}

/** Every route of src/client/routes, as its file declares it ('/bookings/$id/messages'). */
function declaredRoutes(): string[] {
  return (
    readdirSync('src/client/routes')
      .filter((f) => f.endsWith('.tsx'))
      .flatMap((f) => [
        ...readFileSync(`src/client/routes/${f}`, 'utf8').matchAll(/createFileRoute\('([^']+)'\)/g),
      ])
      .map((m) => (m[1] ?? '').replace(/^\/_authed/, '').replace(/(.)\/$/, '$1') || '/')
      // Layouts hold no screen of their own ('/_authed', '/team' is the inbox's frame).
      .filter((r) => r !== '' && r !== '/_authed')
  );
}

describe('the pseudo-locale walk of every route', () => {
  beforeAll(async () => {
    server = await startE2eServer({ env: { STAFF_EMAILS: STAFF_EMAIL } });
    browser = await launchBrowser();
    carrier = await createApiUser(server.url, 'Asha Rao', '9876543210');
    traveller = await createApiUser(server.url, 'Meera Shah', '9123456780');
    staff = await createApiUser(server.url, 'Tara Team', '9876543211', { email: STAFF_EMAIL });
    await seed();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('finds every string translated, no overflow at 390 px and nothing for axe, on every route of every role', async () => {
    const names = [carrier, traveller, staff].flatMap((u) => [u.name, ...u.name.split(' ')]);
    const allowed = [...names, ...PEOPLE_WORDS, ...PLACES];
    const thread = `/bookings/${threadId}/messages`;
    const openDetails = async (p: Page) => {
      await p
        .getByRole('button', { name: either('View Details') })
        .first()
        .click();
      await p.getByRole('region').first().waitFor();
    };
    const openMenu = async (p: Page) => {
      await p.getByRole('button', { name: either('Profile menu') }).click();
      await p.getByRole('menu').waitFor();
    };
    const reportDialog = async (p: Page) => {
      await p
        .getByRole('button', { name: either('Report this message') })
        .first()
        .click();
      await p.getByRole('dialog').waitFor();
    };

    const loggedOut = async () => {
      const entry = await (await pseudoContext()).newPage();
      await walk(
        entry,
        'logged out',
        [
          { route: '/', path: '/' },
          { route: '/login', path: '/login' },
          { route: '/signup', path: '/signup' },
          { route: '/forgot-password', path: '/forgot-password' },
          { route: '/reset-password', path: `/reset-password?token=${'A'.repeat(43)}` },
        ],
        allowed,
      );
      await entry.context().close();
    };

    const byRole: [ApiUser, Role, Visit[]][] = [
      [
        traveller,
        'traveller',
        [
          { route: '/choose_user_type', path: '/choose_user_type' },
          { route: '/travellerhome', path: '/travellerhome' },
          {
            route: '/travellerhome',
            path: `/travellerhome?from=DEL&to=BOM&departure=${DEPARTURE}&flightNo=AI995&airline=AI`,
          },
          { route: '/mybookings', path: '/mybookings', open: openDetails },
          { route: '/booking', path: '/booking' },
          { route: '/bookings/$id/messages', path: thread },
          { route: '/bookings/$id/receipt', path: `/bookings/${threadId}/receipt` },
          { route: '/contact', path: '/contact' },
          { route: '/set-profile', path: '/set-profile', open: openMenu },
          { route: '/$', path: '/no-such-screen' },
        ],
      ],
      [
        carrier,
        'carrier',
        [
          { route: '/carrierhome', path: '/carrierhome' },
          { route: '/carrier/orders', path: '/carrier/orders', open: openDetails },
          { route: '/carrier/add-listing', path: '/carrier/add-listing' },
          { route: '/bookings/$id/messages', path: thread, open: reportDialog },
          { route: '/profile', path: '/profile' },
        ],
      ],
      [
        traveller,
        'sender',
        [
          { route: '/senderhome', path: '/senderhome' },
          { route: '/courier-requests', path: '/courier-requests' },
          { route: '/courier-requests/$id', path: `/courier-requests/${courierId}` },
        ],
      ],
      [
        staff,
        'traveller',
        [
          { route: '/team', path: '/team' },
          { route: '/team/reports', path: '/team/reports' },
          { route: '/team/searches', path: '/team/searches' },
          { route: '/team/courier', path: '/team/courier' },
          { route: '/team/users', path: '/team/users' },
          { route: '/team/bookings', path: '/team/bookings' },
          { route: '/team/disputes', path: '/team/disputes' },
          { route: '/team/audit', path: '/team/audit' },
        ],
      ],
    ];
    const asRole =
      ([user, role, visits]: (typeof byRole)[number]) =>
      async () => {
        try {
          const page = await loggedIn(user, role);
          await walk(page, user === staff ? 'team' : role, visits, allowed);
          await page.context().close();
        } catch (err) {
          note(`${user.name} as ${role}`, `could not log in: ${(err as Error).message.split('\n')[0]}`);
        }
      };
    // Two walks at a time, each in its own context (the screens change nothing another walk
    // reads): a screen's time is mostly the page loading and settling, not this process's work.
    const [travellerWalk, carrierWalk, senderWalk, teamWalk] = byRole.map(asRole);
    const lanes = [
      [loggedOut, travellerWalk],
      [carrierWalk, senderWalk, teamWalk],
    ];
    await Promise.all(
      lanes.map(async (lane) => {
        for (const walkOf of lane) await walkOf?.();
      }),
    );

    const missed = declaredRoutes().filter((r) => !walked.has(r));
    for (const r of missed) note(r, 'not walked: add it to this test');
    const report = [...found].map(([route, lines]) => `${route}\n${lines.map((l) => `  ${l}`).join('\n')}`);
    if (report.length) console.log(`Pseudo-locale walk:\n${report.join('\n')}`);
    expect(report, `Pseudo-locale walk found:\n${report.join('\n')}`).toEqual([]);
  }, 900_000);
});
