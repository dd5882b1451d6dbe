// Builds what the browser benchmarks load into bench/results/dist: the app exactly as
// `npm run build` makes it (vite build, then the precompressed siblings of compress.mjs), plus the benchmark page under /__bench/ (the app's data layer on the
// app's origin). The shared dist/ is never touched.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const BENCH_DIST = 'bench/results/dist';

export async function buildForBench() {
  await build({ logLevel: 'warn', build: { outDir: BENCH_DIST, emptyOutDir: true } });
  await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('../page', import.meta.url)),
    base: '/__bench/',
    resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
    build: {
      outDir: fileURLToPath(new URL(`../../${BENCH_DIST}/__bench`, import.meta.url)),
      emptyOutDir: true,
      target: 'es2022',
    },
  });
  const compress = spawnSync(process.execPath, ['scripts/compress.mjs', BENCH_DIST], { stdio: 'inherit' });
  if (compress.status !== 0) throw new Error('scripts/compress.mjs failed');
  return BENCH_DIST;
}

export const STACK_FLOOR_DIST = 'bench/results/stack-floor';

/** Builds the stack-floor page (React + TanStack Router + TanStack Form + valibot, one login route). */
export async function buildStackFloor() {
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('../stack-floor', import.meta.url)),
    plugins: [react()],
    build: {
      outDir: fileURLToPath(new URL(`../../${STACK_FLOOR_DIST}`, import.meta.url)),
      emptyOutDir: true,
      target: 'es2022',
    },
  });
  return STACK_FLOOR_DIST;
}
