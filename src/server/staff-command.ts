// `npm run staff -- add EMAIL`, `remove EMAIL`, `list`: names the team's staff. With DATABASE_URL it
// writes to PostgreSQL itself; on PGlite it asks the running server over its local socket
// (DATA_DIR/staff.sock, mode 0600) and, when no server runs, opens the data folder itself.
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { createDb } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { readEnv } from './env';
import { runStaffCommand, type StaffAnswer } from './model/staff.commands';
import { staffSocketPath } from './staff-socket';

const [op = '', email] = process.argv.slice(2);
const request = email === undefined ? { op } : { op, email };

function askServer(path: string): Promise<StaffAnswer | null> {
  return new Promise((done, fail) => {
    const socket = connect(path);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => {
      try {
        done(JSON.parse(text) as StaffAnswer);
      } catch {
        fail(new Error('The server gave no answer.'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // No server there: the command opens the database itself.
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') done(null);
      else fail(err);
    });
  });
}

async function direct(options: { url: string } | { dataDir: string }): Promise<StaffAnswer> {
  const database = await createDb(options);
  try {
    return await runStaffCommand(database.db, request, Date.now());
  } finally {
    await database.close();
  }
}

async function main(): Promise<StaffAnswer> {
  const env = readEnv();
  if (env.DATABASE_URL) return direct({ url: env.DATABASE_URL });
  const dataDir = resolve(env.DATA_DIR);
  return (await askServer(staffSocketPath(dataDir))) ?? (await direct({ dataDir }));
}

try {
  const answer = await main();
  (answer.ok ? console.log : console.error)(answer.message);
  process.exit(answer.ok ? 0 : 1);
} catch (err) {
  console.error(err instanceof DataDirLockedError ? err.message : `staff: ${String(err)}`);
  process.exit(1);
}
