// The VAPID key pair: from the environment when given, else made once and kept in the database
// (the first process to insert wins; the others read its row), so every process and every
// restart signs with the key the browsers subscribed with.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { vapidKeys } from '../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function loadVapidKeys(db: Db, given: VapidKeys | null, nowMs: number): Promise<VapidKeys> {
  if (given) return given;
  const read = async () => {
    const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
    return row ? { publicKey: row.publicKey, privateKey: row.privateKey } : null;
  };
  const stored = await read();
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...made, createdAt: new Date(nowMs) })
    .onConflictDoNothing();
  const kept = await read();
  if (!kept) throw new Error('VAPID keys were not stored');
  return kept;
}
