// Users for browser tests, made over the real API: sign up, log in (keeping the session cookie),
// and call the API as that user; `loginInBrowser` then logs the same user in through the login
// screen and picks a role, as a person would (`carrierAndTraveller`: two users on a flight, a browser context each).
// `listOver` and `bookOver` add a listing and a booking over the API, for tests whose subject comes
// after them; `listingBody` and `bookingBody` are their bodies, for any user with a profile.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  type ApiUser,
  bookingBody,
  createApiUser,
  type ListingFields,
  listingBody,
  loginInBrowser,
  type Role,
} from '../../scripts/people';
import { bookResult, searchFlight, synced } from './e2e-browser';

export {
  type ApiUser,
  bookingBody,
  type Contact,
  createApiUser,
  type ListingFields,
  listingBody,
  loginInBrowser,
  loginThroughScreen,
  type Role,
} from '../../scripts/people';

/** Adds a listing as `carrier` (by default DEL to DXB on AI995 at 09:30, 20 KG at ₹400) and returns its id. */
export async function listOver(
  carrier: ApiUser,
  departure: string,
  fields: Partial<ListingFields> = {},
): Promise<string> {
  const res = await carrier.call(
    'POST',
    '/carrier/carrier/add-listing',
    listingBody(carrier, departure, fields),
  );
  if (!res.ok) throw new Error(`add-listing ${res.status}`);
  const { listing: added } = (await res.json()) as { listing: { id: string } };
  return added.id;
}

/** Books `weight` KG of a listing as `traveller`. */
export function bookOver(traveller: ApiUser, listingId: string, weight: number): Promise<Response> {
  return traveller.call('POST', '/api/book', bookingBody(traveller, listingId, weight));
}

export interface TwoParties {
  carrierUser: ApiUser;
  travellerUser: ApiUser;
  carrier: Page;
  traveller: Page;
}

/**
 * Asha Rao, a carrier with a listing DEL to BOM on AI995 (10 KG at ₹800) on `departure`, and
 * Meera Shah, a traveller, on two devices (a browser context each), each logged in through the
 * login screen as their role.
 */
export async function carrierAndTraveller(
  browser: Browser,
  base: string,
  departure: string,
  options: BrowserContextOptions = {},
): Promise<TwoParties> {
  const carrierUser = await createApiUser(base, 'Asha Rao', '9876543210');
  const travellerUser = await createApiUser(base, 'Meera Shah', '9000000000');
  await listOver(carrierUser, departure, { to: 'BOM', weight: 10, cost: 800 });
  const open = async (user: ApiUser, role: Role) => {
    const page = await (await browser.newContext(options)).newPage();
    await loginInBrowser(page, base, user, role);
    return page;
  };
  const carrier = await open(carrierUser, 'carrier');
  return { carrierUser, travellerUser, carrier, traveller: await open(travellerUser, 'traveller') };
}

/** The traveller of `carrierAndTraveller` finds the carrier's flight, books 2 KG and waits until it is sent. */
export async function travellerBooksTheFlight(traveller: Page, departure: string): Promise<void> {
  await traveller.getByRole('heading', { name: "Can't Carry Your Luggage?" }).waitFor();
  await searchFlight(traveller, { from: 'DEL', to: 'BOM', departure, flightNo: 'AI995' });
  await bookResult(traveller, 2);
  await synced(traveller);
}
