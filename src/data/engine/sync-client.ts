// The device's sync client per user: its id (bound to that user by the server on first push),
// the next mutation id to give, and the highest id the server has acknowledged.
import type { AppDb } from './db';
import { getMeta, setMeta } from './meta';

const keys = {
  client: (user: string) => `syncClient:${user}`,
  nextId: (clientId: string) => `nextMutationId:${clientId}`,
  acked: (clientId: string) => `ackedMutationId:${clientId}`,
  cookie: (clientId: string) => `pullCookie:${clientId}`,
};

/** This device's client id for `user`, made on first use. Call inside a transaction with meta. */
export async function clientIdFor(db: AppDb, user: string): Promise<string> {
  const known = await getMeta<string>(db, keys.client(user));
  if (known) return known;
  const id = crypto.randomUUID();
  await setMeta(db, keys.client(user), id);
  return id;
}

export async function takeMutationIds(db: AppDb, clientId: string, n: number): Promise<number> {
  const first = (await getMeta<number>(db, keys.nextId(clientId))) ?? 1;
  await setMeta(db, keys.nextId(clientId), first + n);
  return first;
}

export async function ackedMutationId(db: AppDb, clientId: string): Promise<number> {
  return (await getMeta<number>(db, keys.acked(clientId))) ?? 0;
}

/** Records the server's last applied id; never moves backwards. */
export async function acknowledge(db: AppDb, clientId: string, lastMutationId: number): Promise<void> {
  if (lastMutationId > (await ackedMutationId(db, clientId)))
    await setMeta(db, keys.acked(clientId), lastMutationId);
}

export function pullCookie(db: AppDb, clientId: string): Promise<string | undefined> {
  return getMeta<string>(db, keys.cookie(clientId));
}

export function setPullCookie(db: AppDb, clientId: string, cookie: string | null): Promise<void> {
  return cookie === null ? db.meta.delete(keys.cookie(clientId)) : setMeta(db, keys.cookie(clientId), cookie);
}
