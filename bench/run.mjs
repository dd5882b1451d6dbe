// `npm run bench [-- <section> ...] [-- --render-only]`: runs the sections of bench/sections.mjs
// (every one, or those named), each a child process with a deadline that writes its figures to
// bench/results/<name>.json; stamps each result with when, at which commit, on what machine and
// under what load it ran; then puts the figures into BENCHMARKS.md (bench/render.mjs). A section
// that fails keeps its old figures. --render-only measures nothing: it renders the results there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { render } from './render.mjs';
import { SECTIONS } from './sections.mjs';
import { buildForBench } from './support/build.mjs';

const RESULTS = 'bench/results';

function command(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
}

function commit() {
  const head = command('git', ['rev-parse', '--short', 'HEAD']);
  const dirty = command('git', [
    'status',
    '--porcelain',
    'src',
    'sw',
    'bench',
    'index.html',
    'vite.config.ts',
  ]);
  return dirty ? `${head} (with uncommitted changes)` : head;
}

function machine() {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    chromium: command(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version']),
    postgres: command('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-tAc', 'SHOW server_version']),
  };
}

/** Runs one section; its results file gains `run` (or holds `error` when it wrote none). */
function runSection(section, stamp) {
  const file = `${RESULTS}/${section.name}.json`;
  const load = [loadavg()[0] ?? 0];
  const started = Date.now();
  writeFileSync(file, JSON.stringify({ error: 'the section did not finish' }));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', section.script, file], {
      stdio: 'inherit',
      env: { ...process.env, ...section.env },
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), section.minutes * 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      load.push(loadavg()[0] ?? 0);
      let result;
      try {
        result = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        result = {};
      }
      if (code !== 0 && !result.error) result.error = `exited with ${code ?? signal}`;
      const seconds = Math.round((Date.now() - started) / 1000);
      result.run = { ...stamp, date: new Date(started).toISOString(), seconds, load };
      writeFileSync(file, JSON.stringify(result, null, 2));
      console.log(
        `bench: ${section.name} ${result.error ? `failed: ${result.error}` : 'done'} in ${seconds} s`,
      );
      resolve();
    });
  });
}

const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((n) => !SECTIONS.some((s) => s.name === n));
if (unknown.length) {
  console.error(
    `bench: no section ${unknown.join(', ')}; the sections: ${SECTIONS.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const chosen = named.length ? SECTIONS.filter((s) => named.includes(s.name)) : SECTIONS;
// Before minutes of measuring: each section's figures need their place in BENCHMARKS.md.
const doc = readFileSync('BENCHMARKS.md', 'utf8');
const homeless = chosen.filter((s) => !doc.includes(`<!-- bench:${s.name} -->`));
if (homeless.length) {
  console.error(
    `bench: BENCHMARKS.md has no <!-- bench:NAME --> block for ${homeless.map((s) => s.name).join(', ')}`,
  );
  console.error('(bench/README.md, "Adding a bench", says where it goes)');
  process.exit(2);
}
mkdirSync(RESULTS, { recursive: true });

if (!args.includes('--render-only')) {
  if (chosen.some((s) => s.build)) {
    console.log('bench: building the app into bench/results/dist...');
    await buildForBench();
  }
  const stamp = { commit: commit(), machine: machine() };
  for (const section of chosen) {
    console.log(`bench: ${section.name}...`);
    await runSection(section, stamp);
  }
}
const names = chosen.map((s) => s.name).filter((n) => existsSync(`${RESULTS}/${n}.json`));
const rendered = await render(names);
console.log(`bench: BENCHMARKS.md has the new figures of ${rendered.join(', ') || 'no section'}`);
