// A transaction held open after its write, for tests of commits that land out of order: it takes
// its version (and its transaction id) now and commits only when the test says so. Needs two
// connections at once (the PostgreSQL leg: PGlite runs one transaction at a time).
//
//   const early = await writeAndHold(server.db, (tx) => tx.update(...));
//   ... a later write commits, a read happens ...
//   await early.commit();
import type { Db, Tx } from '@/server/db/client';

export async function writeAndHold(
  db: Db,
  write: (tx: Tx) => Promise<unknown>,
): Promise<{ commit(): Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let wrote = () => {};
  const written = new Promise<void>((r) => {
    wrote = r;
  });
  const done = db.transaction(async (tx) => {
    await write(tx);
    wrote();
    await held;
  });
  // A write that fails ends the transaction before it is held: its error comes out here.
  await Promise.race([written, done]);
  return {
    commit: async () => {
      release();
      await done;
    },
  };
}
