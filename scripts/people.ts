// People made over the real server's API as a person would make them, for the benches and the
// browser tests alike: sign up, log in (keeping the session cookie) and call the API as them; or
// log in through the login screen and pick a role. And the bodies of a listing and a booking in
// someone's name.
import type { Page } from 'playwright-core';

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

const PASSWORD = 'Carry@2024';
let counter = 0;

/** Signs `who` up on `base` (a fresh email unless given; the bench password unless given). */
export async function signUp(
  base: string,
  who: { name: string; phone?: string; email?: string; password?: string },
): Promise<{ email: string; password: string }> {
  counter += 1;
  const email =
    who.email ?? `${who.name.split(' ')[0]?.toLowerCase()}-${Date.now().toString(36)}${counter}@example.com`;
  const password = who.password ?? PASSWORD;
  const res = await fetch(`${base}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: who.name,
      phone: who.phone ?? '9876543210',
      age: 30,
      gender: 'female',
      email,
      password,
      confirmPassword: password,
    }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  return { email, password };
}

/** A user signed up and logged in on `base`, calling the API with their session cookie. */
export async function createApiUser(
  base: string,
  name: string,
  phone: string,
  who: { email?: string; password?: string } = {},
): Promise<ApiUser> {
  const { email, password } = await signUp(base, { name, phone, ...who });
  const headers = { 'content-type': 'application/json', origin: base };
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
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

/** Logs `user` in through the login screen, up to 'Who are you?'. */
export async function loginThroughScreen(
  page: Page,
  base: string,
  user: { email: string; password: string },
): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
}

/** Logs `user` in through the login screen and chooses `role`. */
export async function loginInBrowser(page: Page, base: string, user: ApiUser, role: Role): Promise<void> {
  await loginThroughScreen(page, base, user);
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

/** The booking body for `weight` KG of a listing in the name of `traveller`. */
export function bookingBody(traveller: Contact, listingId: string, weight: number) {
  const { name, email, phone } = traveller;
  return { name, email, phone, weight, listingId };
}
