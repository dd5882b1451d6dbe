// Accounts made straight in the database, for tests that need hundreds of them: one password
// hash at the test cost is made once and shared (signup would hash each), and logging in goes
// through the real route.
//
//   quickAccount(server) : Promise<QuickAccount>   a user row only (log in through the data layer)
//   quickAccounts(server, n) : Promise<QuickAccount[]>   n of them in one insert
//   quickUser(server)    : Promise<QuickUser>      the same, logged in over the API (a TestUser)
//   loginQuick(server, account) : Promise<QuickUser>   logs an account in over the API
import { hashPassword } from '@/server/auth/passwords';
import { users } from '@/server/db/schema';
import { TEST_PASSWORD_HASH, type TestServer } from './server-app';
import { jsonInit, newUserDetails, type TestUser } from './server-users';

export const QUICK_PASSWORD = 'Secret@123';

let quickHash: Promise<string> | undefined;

export interface QuickAccount {
  id: string;
  email: string;
  name: string;
  phone: string;
  password: string;
}

export type QuickUser = QuickAccount & TestUser;

export async function quickAccounts(server: TestServer, n: number): Promise<QuickAccount[]> {
  quickHash ??= hashPassword(QUICK_PASSWORD, TEST_PASSWORD_HASH);
  const passwordHash = await quickHash;
  const rows = Array.from({ length: n }, () => {
    const d = newUserDetails();
    return {
      id: crypto.randomUUID(),
      email: d.email,
      name: d.name,
      phone: d.phone,
      age: d.age,
      gender: d.gender,
      passwordHash,
      createdAt: new Date(),
    };
  });
  await server.db.insert(users).values(rows);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    phone: r.phone,
    password: QUICK_PASSWORD,
  }));
}

export async function quickAccount(server: TestServer): Promise<QuickAccount> {
  const [account] = await quickAccounts(server, 1);
  if (!account) throw new Error('no account made');
  return account;
}

/** Logs an account in over the API: a TestUser whose calls carry its session cookie. */
export async function loginQuick(server: TestServer, account: QuickAccount): Promise<QuickUser> {
  const res = await server.request(
    '/auth/login',
    jsonInit('POST', { email: account.email, password: account.password }),
  );
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const cookie = `carry_session=${token}`;
  return {
    ...account,
    token,
    cookie,
    call: (method, path, body, headers = {}) =>
      server.request(path, jsonInit(method, body, { Cookie: cookie, ...headers })),
  };
}

export async function quickUser(server: TestServer): Promise<QuickUser> {
  return loginQuick(server, await quickAccount(server));
}
