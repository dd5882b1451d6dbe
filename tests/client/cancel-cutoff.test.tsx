// The traveller's Cancel follows the server's cut-off (the pull's rules, CANCEL_CUTOFF_HOURS), not
// a number built into the app: before it, Cancel booking with the operator's hours in its words;
// past it, no Cancel but a line saying only the carrier can cancel now.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, RULES_ROUTE } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';

/** A date two days from now: its 09:30 departure is 1 to 3 days away in any zone. */
const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

async function acceptedBookingDetails(cancelCutoffHours: number) {
  const api = fakeApi();
  api.on('GET /api/orders', () =>
    json({ bookings: [makeOrder('b1', { status: 'accepted', departure: inTwoDays })] }),
  );
  api.on(RULES_ROUTE, () => json({ cancelCutoffHours }));
  renderApp('/mybookings', { api });
  const card = await screen.findByRole('article', { name: 'DEL to BOM, Meera Shah' }, { timeout: 10_000 });
  await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
  return within(card);
}

describe("the traveller's Cancel and the server's cut-off", () => {
  it("offers Cancel before the server's cut-off and names its hours", async () => {
    const details = await acceptedBookingDetails(2);
    await userEvent.click(await details.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain('Later than 2 hours before departure, only the carrier can cancel.');
  });

  it("offers no Cancel past the server's cut-off, and says only the carrier can cancel", async () => {
    const details = await acceptedBookingDetails(72);
    expect(
      await details.findByText(
        'The flight leaves in less than 72 hours, so only Asha Rao can cancel this booking now. Ask them in Messages.',
      ),
    ).toBeTruthy();
    expect(details.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });
});
