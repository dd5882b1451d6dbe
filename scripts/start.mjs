// `npm start`: build the client when dist/ is missing or stale, then run the API server, which
// also serves the built app.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';
import { requireEngineNode } from './node-engines.mjs';

// Before anything else: an older Node fails later in ways that do not say why.
requireEngineNode();

try {
  buildIfStale();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
