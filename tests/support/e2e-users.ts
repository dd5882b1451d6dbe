// Users for browser tests, made over the real API: sign up, log in (keeping the session cookie),
// and call the API as that user; `loginInBrowser` then logs the same user in through the login
// screen and picks a role, as a person would (`carrierAndTraveller`: two users on a flight, a browser context each).
// `listOver` and `bookOver` add a listing and a booking over the API, for tests whose subject comes
// after them; `listingBody` and `bookingBody` are their bodies, for any user with a profile.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { bookResult, searchFlight } from './e2e-browser';

export type Role = 'traveller' | 'carrier' | 'sender';

export interface ApiUser {
  email: string;
  name: string;
  phone: string;
  password: string;
  /** `carry_session=<token>`, as the browser sends it. */
  cookie: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
  /** `call`, answering the parsed JSON body and throwing on an error status. */
  json<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

let counter = 0;

export async function createApiUser(base: string, name: string, phone: string): Promise<ApiUser> {
  counter += 1;
  const email = `${name.split(' ')[0]?.toLowerCase()}-${Date.now().toString(36)}${counter}@example.com`;
  const password = 'Carry@2024';
  const headers = { 'content-type': 'application/json', origin: base };
  const body = { name, phone, age: 30, gender: 'female', email, password, confirmPassword: password };
  const signup = await fetch(`${base}/auth/signup`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!signup.ok) throw new Error(`signup ${signup.status}`);
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const call = (method: string, path: string, payload?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...headers, cookie },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  const json = async <T>(method: string, path: string, payload?: unknown): Promise<T> => {
    const res = await call(method, path, payload);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { email, name, phone, password, cookie, call, json };
}

/** Logs `user` in through the login screen and chooses `role` on 'Who are you?'. */
export async function loginInBrowser(page: Page, base: string, user: ApiUser, role: Role): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${role}`, 'i') }).click();
  await page.waitForURL((url) => url.pathname !== '/choose_user_type');
}

/** Who a listing or booking is in the name of: the fields the forms prefill from the profile. */
export interface Contact {
  email: string;
  name: string;
  phone: string;
}

export interface ListingFields {
  from: string;
  to: string;
  time: string;
  airline: string;
  flightNo: string;
  weight: number;
  cost: number;
}

/** The add-listing body for `owner`: DEL to DXB on AI995 at 09:30, 20 KG at ₹400, unless `fields` say otherwise. */
export function listingBody(owner: Contact, departure: string, fields: Partial<ListingFields> = {}) {
  const { email, name, phone } = owner;
  const defaults = {
    from: 'DEL',
    to: 'DXB',
    time: '09:30',
    airline: 'AI',
    flightNo: 'AI995',
    weight: 20,
    cost: 400,
  };
  return { ...defaults, departure, ...fields, email, name, phone };
}

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

/** The booking body for `weight` KG of a listing in the name of `traveller`. */
export function bookingBody(traveller: Contact, listingId: string, weight: number) {
  const { name, email, phone } = traveller;
  return { name, email, phone, weight, listingId };
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
  await traveller.getByText(/waiting to be sent/).waitFor({ state: 'detached' });
}
