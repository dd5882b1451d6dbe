// A cookie-keeping test client: signs a user up, logs in, and sends requests with the session
// cookie (and JSON bodies) the way the PWA does.
//
//   signupAndLogin(server, overrides?) : Promise<TestUser>
//   userPerFile(server, overrides?) : TestUser (signed up in the file's beforeAll)
//   TestUser: { email, name, phone, password, token, cookie, call(method, path, body?, headers?) }
import { beforeAll } from 'vitest';
import type { TestServer } from './server-app';

export interface TestUser {
  email: string;
  name: string;
  phone: string;
  password: string;
  token: string;
  /** `carry_session=<token>`, as the browser would send it. */
  cookie: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

let counter = 0;

export function newUserDetails(overrides: Partial<{ email: string; name: string; phone: string }> = {}) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: 'Asha Rao',
    phone: '9876543210',
    age: 31,
    gender: 'female',
    email: `user${unique}@example.com`,
    password: 'Secret@123',
    confirmPassword: 'Secret@123',
    ...overrides,
  };
}

export function jsonInit(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
}

export async function signupAndLogin(
  server: TestServer,
  overrides: Partial<{ email: string; name: string; phone: string }> = {},
): Promise<TestUser> {
  const details = newUserDetails(overrides);
  const signup = await server.request('/auth/signup', jsonInit('POST', details));
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const login = await server.request(
    '/auth/login',
    jsonInit('POST', { email: details.email, password: details.password }),
  );
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const cookie = `carry_session=${token}`;
  return {
    email: details.email,
    name: details.name,
    phone: details.phone,
    password: details.password,
    token,
    cookie,
    call: (method, path, body, headers = {}) =>
      server.request(path, jsonInit(method, body, { Cookie: cookie, ...headers })),
  };
}

/**
 * A user for the calling test file, signed up and logged in before its tests (after the server of
 * `serverPerFile`, whose beforeAll is registered first). Call it at the file's top level; the
 * returned object stands for the user once the tests run.
 */
export function userPerFile(
  server: TestServer,
  overrides: Partial<{ email: string; name: string; phone: string }> = {},
): TestUser {
  // Filled in place, so that what the file holds from the start is the user once it exists.
  const user = {} as TestUser;
  beforeAll(async () => {
    Object.assign(user, await signupAndLogin(server, overrides));
  });
  return user;
}
