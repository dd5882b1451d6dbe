// The team console's screens on a fake API (issue 30): "Team" in the profile menu only for staff
// (the server's GET /api/auth, its `staff`), the console's refusal for anyone else, a reply sent with its
// reason (and refused in place without one), a report suspended, and the server's search asked.
// What an action did is said in the console's words, not the server's message.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';

const QUERY = {
  id: 'q1',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  phone: '9876500000',
  message: 'Where is my refund?',
  createdAt: Date.UTC(2026, 10, 20, 10),
  reply: null,
  closedAt: null,
};

const REPORT = {
  id: 'r1',
  kind: 'message',
  reason: 'scam',
  details: 'Asked for cash',
  status: 'open',
  createdAt: Date.UTC(2026, 10, 21, 10),
  reporter: { email: 'asha@example.com', name: 'Asha Rao' },
  subject: { id: 'u9', email: 'rogue@example.com', name: 'Rogue', suspended: false },
  message: { text: 'Pay me in cash at the gate', sentAt: Date.UTC(2026, 10, 21, 9) },
  booking: null,
};

function staffApi() {
  const api = fakeApi();
  const bodies: { path: string; body: unknown }[] = [];
  api.on('GET /api/auth', () => json({ status: 200, staff: true }));
  api.on('GET /api/team/queries', () => json({ items: [QUERY], next: null }));
  api.on('GET /api/team/reports', () => json({ items: [REPORT], next: null }));
  api.on('POST /api/team/*', async (req) => {
    bodies.push({ path: new URL(req.url).pathname, body: await req.json() });
    return json({ message: 'Done and logged.' });
  });
  return { api, bodies };
}

describe('the team console', () => {
  it('shows Team in the profile menu for staff', async () => {
    const { api } = staffApi();
    renderApp('/travellerhome', { api });
    await findHeading("Can't Carry Your Luggage?", 15_000);
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Team' })).toBeTruthy();
  });

  it('shows no Team entry, and refuses the console, to anyone else', async () => {
    const api = fakeApi();
    api.on('GET /api/auth', () => json({ status: 200, staff: false }));
    renderApp('/travellerhome', { api });
    await findHeading("Can't Carry Your Luggage?", 15_000);
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    await screen.findByRole('menu', { name: 'Profile' });
    expect(screen.queryByRole('menuitem', { name: 'Team' })).toBeNull();
    renderApp('/team', { api });
    expect(await screen.findByText('Only the Carry team can open the console.')).toBeTruthy();
  });

  it('sends a reply with its reason, and asks for the reason first', async () => {
    const { api, bodies } = staffApi();
    renderApp('/team', { api });
    const card = await screen.findByRole('article', { name: 'Query from Ravi Kumar' });
    await userEvent.type(within(card).getByLabelText('Reply (sent by e-mail)'), 'It is on its way.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
    expect(await within(card).findByText('Say why: the reason goes into the audit log.')).toBeTruthy();
    expect(bodies).toEqual([]);
    await userEvent.type(within(card).getByLabelText('Reason (kept in the audit log)'), 'Support answer');
    await userEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
    // The console's own words (in the user's language), not the server's English message.
    expect(await screen.findByText('Reply sent; the query is closed.')).toBeTruthy();
    expect(screen.queryByText('Done and logged.')).toBeNull();
    expect(bodies).toEqual([
      { path: '/api/team/queries/q1/reply', body: { reply: 'It is on its way.', reason: 'Support answer' } },
    ]);
  });

  it('shows a report with the reported message and suspends the user with a reason', async () => {
    const { api, bodies } = staffApi();
    renderApp('/team/reports', { api });
    const card = await screen.findByRole('article', { name: 'Report of rogue@example.com' });
    expect(within(card).getByText('Pay me in cash at the gate')).toBeTruthy();
    await userEvent.type(within(card).getByLabelText('Reason (kept in the audit log)'), 'Scam confirmed');
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend user' }));
    await screen.findByText('Report handled.');
    expect(bodies).toEqual([{ path: '/api/team/reports/r1/suspend', body: { reason: 'Scam confirmed' } }]);
  });

  it('marks the open view by an outline as well as by colour, and only that one', async () => {
    const { api } = staffApi();
    renderApp('/team/reports', { api });
    await screen.findByRole('heading', { name: 'Reports' }, { timeout: 10_000 });
    const nav = screen.getByRole('navigation', { name: 'Console' });
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Reports');
    // A light tint alone is all but invisible on the page's grey: the outline says it without colour.
    expect(current.className).toMatch(/\bring-1\b/);
    expect(within(nav).getByRole('link', { name: 'Inbox' }).className).not.toMatch(/\bring-1\b/);
  });

  it('asks the server to search, by the words typed', async () => {
    const { api } = staffApi();
    renderApp('/team', { api });
    await screen.findByRole('article', { name: 'Query from Ravi Kumar' });
    await userEvent.type(screen.getByLabelText('Search by e-mail'), 'ravi');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('article', { name: 'Query from Ravi Kumar' });
    expect(api.calls.filter((c) => c === 'GET /api/team/queries').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a courier request\'s Government ID masked, and in full only after "Show full ID" with a reason', async () => {
    const { api, bodies } = staffApi();
    api.on('GET /api/team/courier-requests', () =>
      json({
        items: [
          {
            id: 'c1',
            status: 'submitted',
            createdAt: Date.UTC(2026, 10, 22, 10),
            sender: { email: 'asha@example.com', name: 'Asha Rao' },
            item: 'Books',
            trip: { from: 'DEL', to: 'DXB', firstDay: '2026-12-20', lastDay: '2026-12-30', weightKg: 2 },
            governmentId: { type: 'Aadhaar', last4: '1234' },
          },
        ],
        next: null,
      }),
    );
    api.on('POST /api/team/courier-requests/c1/reveal-id', async (req) => {
      bodies.push({ path: new URL(req.url).pathname, body: await req.json() });
      return json({
        message: 'Full ID shown. The audit log records that you saw it.',
        governmentIdType: 'Aadhaar',
        governmentIdNumber: '987612341234',
      });
    });
    renderApp('/team/courier', { api });
    const card = await screen.findByRole('article', { name: 'Courier request of asha@example.com' });
    expect(within(card).getByText('•••• 1234')).toBeTruthy();
    expect(within(card).queryByText('987612341234')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Show full ID…' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Show full ID' }));
    expect(await within(card).findByText('Say why: the reason goes into the audit log.')).toBeTruthy();
    expect(bodies).toEqual([]);
    await userEvent.type(within(card).getByLabelText('Reason (kept in the audit log)'), 'Customs check');
    await userEvent.click(within(card).getByRole('button', { name: 'Show full ID' }));
    expect(await within(card).findByText('987612341234')).toBeTruthy();
    expect(bodies).toEqual([
      { path: '/api/team/courier-requests/c1/reveal-id', body: { reason: 'Customs check' } },
    ]);
  });
});
