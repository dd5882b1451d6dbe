// Builds the client (`npm run build`, a production build whatever NODE_ENV the caller runs under)
// when dist/ is missing, older than its sources, or not a production build. Used by `npm start`,
// the end-to-end harness and the Lighthouse script, so they all serve the same build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src/client',
  'src/domain',
  'src/data',
  'sw',
  'public',
  'index.html',
  // The catalogues are compiled into the build: a changed translation needs a new build.
  'messages',
  'lingui.config.ts',
  'vite.config.ts',
  'package-lock.json',
];

// The server's catalogue (mails, pushes) is not in the client.
const NOT_SOURCES = new Set([join('messages', 'server')]);

function newestMtime(path) {
  if (!existsSync(path) || NOT_SOURCES.has(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** A build made under NODE_ENV=test or development carries React's dev runtime and no service worker. */
function isProductionBuild() {
  if (!existsSync('dist/index.html') || !existsSync('dist/sw.js')) return false;
  const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(readFileSync('dist/index.html', 'utf8'))?.[1];
  return entry !== undefined && !readFileSync(`dist${entry}`, 'utf8').includes('jsxDEV');
}

/** Returns whether it built. Throws when the build fails. */
export function buildIfStale({ log = console.log } = {}) {
  const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  if (builtAt >= Math.max(...SOURCES.map(newestMtime)) && isProductionBuild()) return false;
  log(builtAt ? 'Sources changed since the last build: rebuilding the client...' : 'Building the client...');
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`npm run build failed with status ${build.status}`);
  return true;
}
