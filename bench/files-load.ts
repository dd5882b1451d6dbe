// Another client's small requests while others move photos: the real server (src/server/main.ts)
// on a fresh PGlite folder, one client sending GET /api/auth (a session lookup in the database)
// and GET /api/get/airlines one at a time, first alone, then while three clients upload ~4.9 MB
// images in a loop (a new image each time) and four download one in a loop. Reports each probe's
// p50, p95 and max, and how many uploads and downloads went through. Writes
// bench/results/files-load.json.
//
// BENCH_FILES_BASELINE_DIR measures the server of another checkout the same way too, reported
// beside this one (an earlier commit: `git archive <commit> | tar -x -C <dir>`, node_modules
// linked in, measured once); BENCH_FILES_SECONDS sets the loaded phase's length (default 10),
// BENCH_FILES_RUNS the runs of this checkout (default 3, the median reported).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiUser } from '../scripts/people';
import { freePort, percentile, round, sleep, startProcess, waitForOk } from './support/util.mjs';

const OUT = process.argv[2] ?? 'bench/results/files-load.json';
const LOADER_SELF = fileURLToPath(import.meta.url);
const LOADED_MS = Number(process.env.BENCH_FILES_SECONDS ?? 10) * 1000;
const IDLE_MS = 5000;
const RUNS = Number(process.env.BENCH_FILES_RUNS ?? 3);
const UPLOADERS = 3;
const DOWNLOADERS = 4;
const IMAGE_BYTES = Math.round(4.9 * 1024 * 1024);
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46];

interface Stats {
  n: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
}
const stats = (xs: number[]): Stats => ({
  n: xs.length,
  p50: round(percentile(xs, 50)),
  p95: round(percentile(xs, 95)),
  max: round(Math.max(...xs)),
});

/** A user of their own (`bench.files<i>@example.com`), logged in: their session cookie. */
async function account(base: string, i: number): Promise<string> {
  return (await createApiUser(base, 'Bench Files', '9876543210', { email: `bench.files${i}@example.com` }))
    .cookie;
}

/** A fresh ~4.9 MB "JPEG" (random bytes behind a JPEG header) per call. */
function image(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(randomBytes(IMAGE_BYTES));
  bytes.set(JPEG_HEAD);
  return bytes;
}

async function upload(base: string, cookie: string): Promise<string> {
  const form = new FormData();
  form.append('file', new File([image()], 'bag.jpg', { type: 'image/jpeg' }));
  const res = await fetch(`${base}/api/files/courier-images`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: base },
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/** Sends the small requests one at a time until `until`, a few ms apart, like a person's app. */
async function probe(base: string, cookie: string, until: () => boolean) {
  const times: Record<string, number[]> = { auth: [], airlines: [] };
  let errors = 0;
  while (!until()) {
    for (const [name, path] of [
      ['auth', '/api/auth'],
      ['airlines', '/api/get/airlines'],
    ] as const) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'gzip, br' } });
      await res.arrayBuffer();
      if (!res.ok) errors += 1;
      times[name]?.push(performance.now() - started);
    }
    await sleep(10);
  }
  return { auth: stats(times.auth ?? []), airlines: stats(times.airlines ?? []), errors };
}

async function measure(serverDir: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'carry-bench-files-'));
  const port = await freePort();
  // BENCH_FILES_CPU_PROF=<folder>: the server writes a CPU profile there (node --cpu-prof).
  const profile = process.env.BENCH_FILES_CPU_PROF;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profile)}`] : [];
  const server = startProcess([...profiling, '--import', 'tsx', join(serverDir, 'src/server/main.ts')], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'db'),
      DATABASE_URL: '',
      STATIC_DIR: '',
      // The loaders upload far more than a person's quota: measured here is the stall, not the quota.
      UPLOAD_IMAGES_PER_DAY: '1000000',
      UPLOAD_MB_PER_USER: '1000000',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/api/health`, 180_000).catch((err) => {
      throw new Error(`${err.message}\n${server.stderr()}`);
    });
    const reader = await account(base, 0);
    const uploaders = await Promise.all(Array.from({ length: UPLOADERS }, (_, i) => account(base, i + 1)));
    const url = await upload(base, uploaders[0] as string);
    // Warm both probes (first-use builds) before anything is timed.
    let rounds = 0;
    await probe(base, reader, () => rounds++ > 0);
    const idleEnd = Date.now() + IDLE_MS;
    const idle = await probe(base, reader, () => Date.now() > idleEnd);

    // The loaders run in their own process: their uploads and downloads must not hold up the
    // probe's own event loop, only the server's.
    const loader = spawn(process.execPath, ['--import', 'tsx', LOADER_SELF, '--loaders'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let loaderOut = '';
    loader.stdout.on('data', (d) => {
      loaderOut += d;
    });
    const loaderDone = new Promise((r) => loader.on('exit', r));
    loader.stdin.end(JSON.stringify({ base, url, uploaders }));
    // Load running before the probe starts: the first of each loop is on its way.
    await sleep(1000);
    const end = Date.now() + LOADED_MS;
    const loaded = await probe(base, reader, () => Date.now() > end);
    loader.kill('SIGTERM');
    await loaderDone;
    const load = JSON.parse(loaderOut.trim().split('\n').at(-1) ?? '{}');

    return {
      imageBytes: IMAGE_BYTES,
      uploaders: UPLOADERS,
      downloaders: DOWNLOADERS,
      idleMs: IDLE_MS,
      loadedMs: LOADED_MS,
      idle,
      loaded,
      ...load,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  // Tails on these shared cores move from run to run: RUNS runs, the one with the median
  // loaded /api/auth p95 reported, every run's p95 beside it, and the machine's load average.
  const loadAverage = loadavg()[0] ?? 0;
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(resolve('.')));
  const sorted = [...runs].sort((a, b) => (a.loaded.auth.p95 ?? 0) - (b.loaded.auth.p95 ?? 0));
  const result: Record<string, unknown> = {
    ...sorted[Math.floor(sorted.length / 2)],
    runs: runs.map((r) => ({ idle: r.idle.auth.p95, loaded: r.loaded.auth.p95 })),
    loadAverage: [round(loadAverage, 1), round(loadavg()[0] ?? 0, 1)],
  };
  const baseline = process.env.BENCH_FILES_BASELINE_DIR;
  if (baseline) result.baseline = await measure(resolve(baseline));
  writeFileSync(OUT, JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result, null, 2));
}

/** The loaders' process: uploads and downloads in loops until SIGTERM, then their figures. */
async function loaders() {
  let input = '';
  for await (const d of process.stdin) input += d;
  const { base, url, uploaders } = JSON.parse(input) as { base: string; url: string; uploaders: string[] };
  let stop = false;
  const uploadMs: number[] = [];
  const downloadMs: number[] = [];
  let failures = 0;
  const loop = async (work: () => Promise<void>, times: number[]) => {
    while (!stop) {
      const started = performance.now();
      try {
        await work();
        times.push(performance.now() - started);
      } catch {
        failures += 1;
      }
    }
  };
  const running = [
    ...uploaders.map((cookie) => loop(async () => void (await upload(base, cookie)), uploadMs)),
    ...Array.from({ length: DOWNLOADERS }, () =>
      loop(async () => {
        const res = await fetch(`${base}${url}`);
        const body = await res.arrayBuffer();
        if (!res.ok || body.byteLength !== IMAGE_BYTES) throw new Error(`download answered ${res.status}`);
      }, downloadMs),
    ),
  ];
  process.once('SIGTERM', () => {
    stop = true;
  });
  await Promise.all(running);
  process.stdout.write(
    `${JSON.stringify({ uploads: stats(uploadMs), downloads: stats(downloadMs), loaderFailures: failures })}\n`,
  );
}

if (process.argv.includes('--loaders')) await loaders();
else await main();
