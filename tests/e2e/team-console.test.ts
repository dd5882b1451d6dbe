// The team console in Chromium (issue 30), tried as a new team member would: made staff by
// `npm run staff -- add` while the server runs (through its socket), "Team" appears in the
// profile menu, every console view is axe-clean at 390 and 1280 px (screenshots in
// CONSOLE_SHOTS, default the system's temp folder), a contact query is answered (the user's mail
// is written), a report is handled by suspending the user (whose session ends and login is
// refused), a payment dispute is marked resolved, a courier request's Government ID shows masked
// until "Show full ID" (with a reason) reveals it and the audit log names who saw it, and each
// action is in the audit log. A user who is not staff sees no "Team" entry and the console
// refuses them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, launchBrowser, PHONE } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { type ApiUser, bookOver, createApiUser, listOver, loginInBrowser } from '../support/e2e-users';
import { until } from '../support/until';

const SHOTS = process.env.CONSOLE_SHOTS ?? tmpdir();
const DEPARTURE = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const GOV_ID = '123456789012';
/** A 1x1 PNG: the courier request's item photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A courier request of `sender` over the API, with a Government ID number. */
async function courierRequestOf(sender: ApiUser): Promise<void> {
  const form = new FormData();
  form.append('file', new File([PNG], 'bag.png', { type: 'image/png' }));
  const upload = await fetch(`${server.url}/api/files/courier-images`, {
    method: 'POST',
    body: form,
    headers: { cookie: sender.cookie, origin: server.url },
  });
  const { url } = (await upload.json()) as { url: string };
  await sender.json('POST', '/api/courier/submit', {
    fullName: sender.name,
    emailAddress: sender.email,
    mobileNumber: sender.phone,
    governmentIdType: 'Aadhaar Card',
    governmentIdNumber: GOV_ID,
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
}
const VIEWS: [string, string][] = [
  ['/team', 'Contact queries'],
  ['/team/reports', 'Reports'],
  ['/team/searches', 'Unmatched searches'],
  ['/team/courier', 'Courier requests'],
  ['/team/users', 'Users'],
  ['/team/bookings', 'Bookings'],
  ['/team/disputes', 'Payment disputes'],
  ['/team/audit', 'Audit log'],
];

let server: E2eServer;
let browser: Browser;
let dataDir: string;
let staff: ApiUser;
let user: ApiUser;
let abuser: ApiUser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'carry-e2e-team-'));
  // The new folder starts as a copy of the run's migrated, seeded one (e2e-global-setup.ts).
  server = await startE2eServer({ dataDir });
  browser = await launchBrowser();
  staff = await createApiUser(server.url, 'Tara Team', '9876543210');
  user = await createApiUser(server.url, 'Asha Rao', '9876543211');
  abuser = await createApiUser(server.url, 'Rogue Seller', '9876543212');
  await user.json('POST', '/api/contact', {
    name: 'Asha Rao',
    email: user.email,
    phone: '9876543211',
    message: 'My booking is stuck, please help.',
  });
  await user.call('POST', '/api/search-listings', {
    from: 'DEL',
    to: 'LHR',
    departure: DEPARTURE,
    flightNo: 'AI161',
    airline: 'AI',
    email: user.email,
    name: 'Asha Rao',
    phone: '9876543211',
  });
  await user.json('POST', '/api/reports', {
    kind: 'user',
    email: abuser.email,
    reason: 'scam',
    details: 'Asked for money outside the app.',
  });
  await courierRequestOf(user);
  // A payment dispute: Kiran carries 2 KG for the user at ₹50,000 per KG; the user says they paid
  // by UPI, Kiran answers not received.
  const carrier = await createApiUser(server.url, 'Kiran Carrier', '9876543213');
  const listingId = await listOver(carrier, DEPARTURE, { to: 'BOM', flightNo: 'AI865', cost: 50_000 });
  const booked = await bookOver(user, listingId, 2);
  const { booking } = (await booked.json()) as { booking: { id: string } };
  await carrier.json('PUT', '/api/bookings/update-status', { listingId: booking.id, status: 'accepted' });
  await user.json('POST', `/api/bookings/${booking.id}/payment-claim`, { reference: '412345678901' });
  await carrier.json('POST', `/api/bookings/${booking.id}/payment-answer`, { answer: 'dispute' });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.remove();
});

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menu', { name: 'Profile' }).waitFor();
}

describe('the team console', () => {
  it('is closed to a user who is not staff: no Team entry, and the console says so', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server.url, user, 'traveller');
    await openMenu(page);
    expect(await page.getByRole('menuitem', { name: 'Team' }).count()).toBe(0);
    await page.goto(`${server.url}/team`);
    await page.getByText('Only the Carry team can open the console.').waitFor();
    await page.close();
  });

  it('makes a staff member by the command while the server runs', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/staff-command.ts', 'add', staff.email],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(run.stdout).toContain('is now staff');
    expect(run.status).toBe(0);
  });

  it('shows Team in the menu and every console view clean under axe at 390 and 1280 px', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server.url, staff, 'traveller');
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await page.getByRole('heading', { name: 'Team console' }).waitFor();
    const found: string[] = [];
    for (const [path, heading] of VIEWS) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await page.waitForFunction((width) => window.innerWidth === width, size.width);
        const name = `console${path.replace(/\//g, '-')}-${size.width}.png`;
        await page.screenshot({ path: join(SHOTS, name), fullPage: true });
        for (const v of await axeViolations(page))
          found.push(
            `${path} @${size.width}px ${v.id}: ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`,
          );
      }
    }
    expect(found).toEqual([]);
    await page.close();
  }, 180_000);

  it('answers a contact query: the user gets the mail and the query closes', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server.url, staff, 'traveller');
    await page.goto(`${server.url}/team`);
    const card = page.getByRole('article', { name: 'Query from Asha Rao' });
    await card.getByLabel('Reply (sent by e-mail)').fill('We have unstuck it: look again.');
    await card.getByLabel('Reason (kept in the audit log)').fill('Support answer');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent; the query is closed.').waitFor();
    await page.getByText('No queries here.').waitFor();
    const mailDir = join(dataDir, 'mail');
    await until(
      () =>
        readdirSync(mailDir, { withFileTypes: true }).some(
          (f) => f.isFile() && readFileSync(join(mailDir, f.name), 'utf8').includes('We have unstuck it'),
        ),
      { timeoutMs: 30_000, everyMs: 200, what: 'the reply mail is written' },
    ).catch(() => undefined);
    const mails = readdirSync(mailDir).map((f) => readFileSync(join(mailDir, f), 'utf8'));
    expect(mails.some((m) => m.includes(user.email) && m.includes('We have unstuck it'))).toBe(true);
    await page.close();
  });

  it('shows a payment dispute with both sides, the total and the reference, and marks it resolved', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server.url, staff, 'traveller');
    await page.goto(`${server.url}/team/disputes`);
    const card = page.getByRole('article', { name: /^Payment dispute of / });
    await card.getByText('₹1,00,000 for 2 KG', { exact: false }).waitFor();
    await card.getByText('412345678901').waitFor();
    await card.getByText(/Kiran Carrier .* answered Not received/).waitFor();
    await card.getByLabel('Reason (kept in the audit log)').fill('Called both: paid again in cash');
    await card.getByRole('button', { name: 'Mark resolved' }).click();
    await page.getByText('Dispute marked resolved.').waitFor();
    await page.getByText('No payment disputes here.').waitFor();
    await page.close();
  });

  it('handles a report by suspending the user, who is logged out and cannot log in; the audit log has it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server.url, staff, 'traveller');
    await page.goto(`${server.url}/team/reports`);
    const card = page.getByRole('article', { name: `Report of ${abuser.email}` });
    await card.getByText('Asked for money outside the app.').waitFor();
    await card.getByLabel('Reason (kept in the audit log)').fill('Scam confirmed with the reporter');
    await card.getByRole('button', { name: 'Suspend user' }).click();
    await page.getByText('Report handled.').waitFor();
    const session = await abuser.call('GET', '/api/auth');
    expect(session.status).toBe(401);
    const profile = await abuser.call('GET', `/api/profile/${abuser.email}`);
    expect(((await profile.json()) as { code: string }).code).toBe('auth/suspended');
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: abuser.email, password: abuser.password }),
    });
    expect(login.status).toBe(403);
    await page.goto(`${server.url}/team/audit`);
    const log = page.getByRole('list');
    // Actions worded from their codes (report.suspend, dispute.resolve, user.suspend, query.reply, staff.add).
    await log.getByText('Suspended over a report').waitFor();
    await log.getByText('Resolved a payment dispute').waitFor();
    await log.getByText('Suspended a user', { exact: true }).waitFor();
    await log.getByText('Replied to a query').waitFor();
    await log.getByText('Added to the team').first().waitFor();
    await page.close();
  });

  it('shows a Government ID masked, in full only through "Show full ID", and the audit log names who saw it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server.url, staff, 'traveller');
    await page.goto(`${server.url}/team/courier`);
    const card = page.getByRole('article', { name: `Courier request of ${user.email}` });
    await card.getByText('•••• 9012').waitFor();
    expect(await page.getByText(GOV_ID).count()).toBe(0);
    await card.getByRole('button', { name: 'Show full ID…' }).click();
    await card.getByLabel('Reason (kept in the audit log)').waitFor();
    const found: string[] = [];
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.waitForFunction((width) => window.innerWidth === width, size.width);
      await page.screenshot({ path: join(SHOTS, `console-reveal-id-${size.width}.png`), fullPage: true });
      for (const v of await axeViolations(page)) found.push(`@${size.width}px ${v.id}: ${v.help}`);
    }
    expect(found).toEqual([]);
    await card.getByLabel('Reason (kept in the audit log)').fill('Customs asked before the flight');
    await card.getByRole('button', { name: 'Show full ID', exact: true }).click();
    await card.getByText(GOV_ID).waitFor();
    await page.goto(`${server.url}/team/audit`);
    const row = page.getByRole('listitem').filter({ hasText: 'Saw a full Government ID' });
    await row.getByText(staff.email).waitFor();
    await row.getByText('Customs asked before the flight').waitFor();
    expect(await page.getByText(GOV_ID).count()).toBe(0);
    await page.close();
  });
});
