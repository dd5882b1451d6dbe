// 36 accounts × 32 poke streams against one server process under a 1,024 open-files limit (soft
// and hard, as in the reproduction), with other people's logins and health checks
// meanwhile. The server is a real process (src/server/main.ts, PGlite in a temporary folder, or
// DATABASE_URL), TRUST_PROXY=1 so each request can name its client address:
//   idle         nothing held: LOGINS logins (CONCURRENCY at a time, each on a new connection,
//                each from its own address) and HEALTH health checks;
//   one address  each account opens 32 streams, all from one address; the same logins meanwhile;
//   36 addresses each account from an address of its own: only the process's stream budget
//                stands between them and its file descriptors.
// Printed per phase: streams opened and refused (by status), logins' p50/p95 and successes,
// health checks' successes; and the load average.
// Settings: LOGINS (60), OPEN_FILES (1024).
//   node --import tsx bench/abuse/stream-flood.ts out.json
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const OUT = process.argv[2] ?? 'bench/results/stream-flood.json';
const ACCOUNTS = 36;
const STREAMS_PER_ACCOUNT = 32;
const LOGINS = Number(process.env.LOGINS ?? 60);
const CONCURRENCY = 4;
const HEALTH = 20;
const OPEN_FILES = Number(process.env.OPEN_FILES ?? 1024);
const TIMEOUT_MS = 10_000;
const PASSWORD = 'Secret@123';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dir = mkdtempSync(join(tmpdir(), 'carry-stream-flood-'));
const server = spawn(
  'sh',
  [
    '-c',
    `ulimit -Sn ${OPEN_FILES} && ulimit -Hn ${OPEN_FILES} && exec "${process.execPath}" --import tsx src/server/main.ts`,
  ],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      STATIC_DIR: '',
      TRUST_PROXY: '1',
      SIGNUP_LIMIT_PER_HOUR: '100000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let serverLog = '';
server.stdout.on('data', (d) => {
  serverLog += d;
});
server.stderr.on('data', (d) => {
  serverLog += d;
});

interface Answer {
  status: number | 'timeout' | 'error';
  ms: number;
  body: string;
}

/** One request on a connection of its own; streams are kept open (their sockets returned). */
function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  keep?: unknown[],
) {
  return new Promise<Answer>((resolve) => {
    const start = performance.now();
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { ...headers, ...(data ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        if (keep && res.statusCode === 200) {
          // Held open from now on: an idle stream hears only a heartbeat every 25 s.
          req.setTimeout(0);
          keep.push(req);
          res.resume();
          resolve({ status: 200, ms: performance.now() - start, body: '' });
          return;
        }
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, body: text }),
        );
      },
    );
    req.setTimeout(TIMEOUT_MS, () => {
      req.destroy();
      resolve({ status: 'timeout', ms: TIMEOUT_MS, body: '' });
    });
    req.on('error', () => resolve({ status: 'error', ms: performance.now() - start, body: '' }));
    req.end(data);
  });
}

async function waitForServer() {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    const res = await call('GET', '/api/health', {});
    if (res.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start:\n${serverLog}`);
}

let addressSeq = 0;
const address = () => `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq++ & 255}`;

async function account(email: string): Promise<string> {
  const from = { 'X-Forwarded-For': address() };
  const details = {
    name: 'Asha Rao',
    phone: '9876543210',
    age: 31,
    gender: 'female',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
  const signup = await call('POST', '/auth/signup', from, details);
  if (signup.status !== 201) throw new Error(`signup ${signup.status} ${signup.body}`);
  const login = await call('POST', '/auth/login', from, { email, password: PASSWORD });
  return (JSON.parse(login.body) as { token: string }).token;
}

/** Runs `tasks` CONCURRENCY at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(
    s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN,
  );
};

async function ordinaryTraffic(victims: string[]) {
  const logins = await pool(
    victims.map(
      (email) => () =>
        call('POST', '/auth/login', { 'X-Forwarded-For': address() }, { email, password: PASSWORD }),
    ),
    CONCURRENCY,
  );
  const health = await pool(
    Array.from({ length: HEALTH }, () => () => call('GET', '/api/health', {})),
    CONCURRENCY,
  );
  const ok = logins.filter((l) => l.status === 200);
  return {
    logins: `${ok.length}/${logins.length} ok`,
    loginP50Ms: pct(
      ok.map((l) => l.ms),
      50,
    ),
    loginP95Ms: pct(
      ok.map((l) => l.ms),
      95,
    ),
    loginFailures: Object.fromEntries(
      [...new Set(logins.filter((l) => l.status !== 200).map((l) => String(l.status)))].map((s) => [
        s,
        logins.filter((l) => String(l.status) === s).length,
      ]),
    ),
    health: `${health.filter((h) => h.status === 200).length}/${health.length} ok`,
  };
}

async function flood(tokens: string[], from: (account: number) => string, held: unknown[]) {
  const tasks = tokens.flatMap((token, a) =>
    Array.from(
      { length: STREAMS_PER_ACCOUNT },
      () => () =>
        call(
          'GET',
          '/api/sync/poke',
          { Cookie: `carry_session=${token}`, 'X-Forwarded-For': from(a) },
          undefined,
          held,
        ),
    ),
  );
  const answers = await pool(tasks, 64);
  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[String(a.status)] = (byStatus[String(a.status)] ?? 0) + 1;
  return byStatus;
}

/** Streams still open (neither side ended them). */
function stillOpen(held: unknown[]): number {
  return held.filter(
    (req) => !(req as { destroyed: boolean; socket?: { destroyed: boolean } }).socket?.destroyed,
  ).length;
}

function release(held: unknown[]) {
  for (const req of held.splice(0)) (req as { destroy(): void }).destroy();
}

try {
  await waitForServer();
  const stamp = Date.now().toString(36);
  const tokens = [];
  for (let i = 0; i < ACCOUNTS; i += 1) tokens.push(await account(`flood${i}-${stamp}@example.com`));
  const victims = [];
  for (let i = 0; i < LOGINS; i += 1) {
    const email = `victim${i}-${stamp}@example.com`;
    await account(email);
    victims.push(email);
  }
  const result: Record<string, unknown> = {
    openFiles: OPEN_FILES,
    streamsAsked: ACCOUNTS * STREAMS_PER_ACCOUNT,
  };
  result.idle = await ordinaryTraffic(victims);

  const held: unknown[] = [];
  const oneAddress = await flood(tokens, () => '198.51.100.1', held);
  result.oneAddress = {
    streams: oneAddress,
    ...(await ordinaryTraffic(victims)),
    heldAtEnd: stillOpen(held),
  };
  release(held);
  await new Promise((r) => setTimeout(r, 2000));

  const manyAddresses = await flood(
    tokens,
    (a) => `198.51.${100 + Math.floor(a / 250)}.${(a % 250) + 1}`,
    held,
  );
  result.manyAddresses = {
    streams: manyAddresses,
    ...(await ordinaryTraffic(victims)),
    heldAtEnd: stillOpen(held),
  };
  release(held);

  result.serverSaid = serverLog
    .split('\n')
    .filter((l) => /openFiles|EMFILE|too many open files/i.test(l))
    .slice(0, 4);
  result.load = loadavg().map((x) => Number(x.toFixed(2)));
  writeFileSync(OUT, JSON.stringify(result, null, 2));
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
