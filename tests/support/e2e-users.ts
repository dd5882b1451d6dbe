// Users for browser tests, made over the real API: sign up, log in (keeping the session cookie),
// and call the API as that user; `loginInBrowser` then logs the same user in through the login
// screen and picks a role, as a person would. `listOver` and `bookOver` add a listing and a
// booking over the API, for tests whose subject comes after them.
import type { Page } from 'playwright-core';

export interface ApiUser {
  email: string;
  name: string;
  phone: string;
  password: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
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
  return {
    email,
    name,
    phone,
    password,
    call: (method, path, payload) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...headers, cookie },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      }),
  };
}

/** Logs `user` in through the login screen and chooses `role` on 'Who are you?'. */
export async function loginInBrowser(
  page: Page,
  base: string,
  user: ApiUser,
  role: 'traveller' | 'carrier' | 'sender',
): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${role}`, 'i') }).click();
  await page.waitForURL((url) => url.pathname !== '/choose_user_type');
}

/** Adds a listing as `carrier` (DEL to DXB on AI995 at 09:30, 20 KG at ₹400) and returns its id. */
export async function listOver(carrier: ApiUser, departure: string): Promise<string> {
  const listing = {
    from: 'DEL',
    to: 'DXB',
    departure,
    time: '09:30',
    airline: 'AI',
    flightNo: 'AI995',
    weight: 20,
    cost: 400,
    email: carrier.email,
    name: carrier.name,
    phone: carrier.phone,
  };
  const res = await carrier.call('POST', '/carrier/carrier/add-listing', listing);
  if (!res.ok) throw new Error(`add-listing ${res.status}`);
  const { listing: added } = (await res.json()) as { listing: { id: string } };
  return added.id;
}

/** Books `weight` KG of a listing as `traveller`. */
export function bookOver(traveller: ApiUser, listingId: string, weight: number): Promise<Response> {
  return traveller.call('POST', '/api/book', {
    name: traveller.name,
    email: traveller.email,
    phone: traveller.phone,
    weight,
    listingId,
  });
}
