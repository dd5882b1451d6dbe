// `npm run dev`: Vite with hot reload, plus the API server in watch mode on API_PORT (8787),
// which vite.config.ts proxies /api, /auth and /carrier/carrier to. Ctrl-C stops both. The API
// keeps its data in ./data-dev (DATA_DIR), apart from `npm start`'s ./data: one PGlite folder
// serves one process.
import { spawn } from 'node:child_process';
import { requireEngineNode } from './node-engines.mjs';

requireEngineNode();

const apiPort = process.env.API_PORT ?? '8787';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      DATA_DIR: process.env.DATA_DIR ?? './data-dev',
      // Links in mails open the app where Vite serves it.
      APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
