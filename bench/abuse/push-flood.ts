// One account pushing as fast as it can (issue 27) against the real server (src/server/main.ts,
// one process; PGlite in a temporary folder, then a throwaway PostgreSQL database):
//   idle   another user reads GET /api/orders (their 10 orders) one request after the other for
//          SECONDS: the baseline p50 / p95;
//   flood  the same reads while the flooder (on a thread of its own, push-flooder.mjs) sends
//          PUSHERS pushes at a time, back to back, each of 1,000 no-op mutations (unwatch of
//          watches that do not exist) from its own client id, ignoring every Retry-After: the
//          other user's p50 / p95, the flooder's mutations applied and pushes refused (429
//          sync/rate-limited, 503 sync/busy), and the database's growth (the PGlite folder's size,
//          or pg_database_size) over the flood, per answer kept.
// Goal: the loaded p95 within 3x the idle one on both backends; the growth bounded by the budget:
// an answer is kept an hour at most and the hourly housekeeping deletes it, so at most two hours
// of SYNC_MUTATIONS_PER_MINUTE answers exist at once, whatever the flood's length. The growth over
// the flood divided by the answers it made is one answer's cost, measured; times an hour of the
// budget it is the growth per hour, times two hours the most kept (the bound states the same at
// BYTES_PER_ANSWER). The flood applies a minute's budget in its first seconds, so its growth per
// second says nothing of an hour.
// Settings: SECONDS (20), PUSHERS (4), BENCH_BACKENDS (pglite,postgres), BENCH_PG_URL.
//   node --import tsx bench/abuse/push-flood.ts out.json
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_CONFIG } from '@/server';
import { createApiUser, listingBody } from '../../scripts/people';
import { throwawayDatabase, withClient } from '../support/postgres';
import { eachBackend, freePort, percentile, SERVER_ARGS, startProcess, waitForOk } from '../support/util.mjs';

const OUT = process.argv[2] ?? 'bench/results/push-flood.json';
const SECONDS = Number(process.env.SECONDS ?? 20);
const PUSHERS = Number(process.env.PUSHERS ?? 4);
const BATCH = 1000;
/** Bytes a kept answer of a no-op costs at most (row, index entries, page overhead): 280-290 measured. */
const BYTES_PER_ANSWER = 300;
/** Hours of the budget's answers kept at most: the retention and the hourly sweep after it. */
const HOURS_KEPT = 2;

const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function reads(call: () => Promise<Response>, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (until()) {
    const t = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/orders answered ${res.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

/** MB an hour of the account's budget of answers takes at `bytesPerAnswer`. */
const hourOf = (bytesPerAnswer: number) =>
  Math.round((DEFAULT_CONFIG.syncMutationsPerMinute * 60 * bytesPerAnswer) / 1e5) / 10;

const stats = (xs: number[]) => ({
  n: xs.length,
  p50: Math.round(percentile(xs, 50) * 10) / 10,
  p95: Math.round(percentile(xs, 95) * 10) / 10,
});

async function run(backend: 'pglite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'carry-push-flood-'));
  const pg = backend === 'postgres' ? await throwawayDatabase('push_flood') : null;
  const port = await freePort();
  const server = startProcess(SERVER_ARGS, {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'db'),
      DATABASE_URL: pg?.url ?? '',
      SIGNUP_LIMIT_PER_HOUR: '100000',
      OPEN_LISTINGS_PER_CARRIER: '1000',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const size = async () =>
    pg
      ? await withClient(pg.url, async (c) =>
          Number((await c.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n),
        )
      : Number(
          execFileSync('du', ['-sb', join(dir, 'db')])
            .toString()
            .split('\t')[0],
        );
  try {
    await waitForOk(`${base}/api/health`, 180_000);
    // The other user: a carrier and 10 bookings between them.
    const carrier = await createApiUser(base, 'Ravi Kumar', '9876543210');
    const reader = await createApiUser(base, 'Asha Rao', '9876543211');
    for (let i = 0; i < 10; i += 1) {
      const { listing } = await carrier.json<{ listing: { id: string } }>(
        'POST',
        '/carrier/carrier/add-listing',
        listingBody(carrier, departure, { flightNo: `AI${100 + i}` }),
      );
      await reader.json('POST', '/api/book', {
        name: reader.name,
        email: reader.email,
        phone: reader.phone,
        weight: 1,
        listingId: listing.id,
      });
    }
    const orders = () => reader.call('GET', `/api/orders?email=${encodeURIComponent(reader.email)}`);
    await reads(
      orders,
      (() => {
        const end = Date.now() + 2000;
        return () => Date.now() < end;
      })(),
    );
    let end = Date.now() + SECONDS * 1000;
    const idle = stats(await reads(orders, () => Date.now() < end));

    const flooder = await createApiUser(base, 'Flood Er', '9876543212');
    const before = await size();
    // The flooder runs on a thread of its own (push-flooder.mjs): its requests must not be made
    // on the event loop that times the reader's.
    const started = Date.now();
    const flooderThread = new Worker(new URL('./push-flooder.mjs', import.meta.url), {
      workerData: { base, cookie: flooder.cookie, email: flooder.email, pushers: PUSHERS, batch: BATCH },
    });
    const counted = new Promise<{ applied: number; refused: number; busy: number; other: number }>(
      (resolve, reject) => {
        flooderThread.once('message', resolve);
        flooderThread.once('error', reject);
      },
    );
    end = Date.now() + SECONDS * 1000;
    const loaded = stats(await reads(orders, () => Date.now() < end));
    flooderThread.postMessage('stop');
    const { applied, refused, busy, other } = await counted;
    await flooderThread.terminate();
    const seconds = (Date.now() - started) / 1000;
    const after = await size();
    return {
      backend,
      seconds: SECONDS,
      pushers: PUSHERS,
      idle,
      loaded,
      ratio: Math.round((loaded.p95 / idle.p95) * 10) / 10,
      flooder: {
        applied,
        perMinute: Math.round((applied / seconds) * 60),
        refused429: refused,
        busy503: busy,
        otherStatus: other,
      },
      growth: {
        bytes: after - before,
        bytesPerAnswer: Math.round((after - before) / Math.max(1, applied)),
        perHourMB: hourOf((after - before) / Math.max(1, applied)),
        keptMB: HOURS_KEPT * hourOf((after - before) / Math.max(1, applied)),
      },
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const out = {
  budgetPerMinute: DEFAULT_CONFIG.syncMutationsPerMinute,
  // Two hours of the account's budget (kept an hour, swept hourly: model/sync.retention.ts).
  boundMB: HOURS_KEPT * hourOf(BYTES_PER_ANSWER),
  backends: [] as unknown[],
  errors: [] as string[],
};
await eachBackend('push-flood', out, run);
writeFileSync(OUT, JSON.stringify(out, null, 2));
process.exit(0);
