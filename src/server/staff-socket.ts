// The running server's door for the operator's staff command on PGlite (which lets one process
// hold the data folder): a Unix socket in DATA_DIR, mode 0600, so only the machine's user that
// runs the server can reach it. One JSON line in (`{op, email}`), one JSON line out.
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Db } from './db/client';
import { runStaffCommand } from './model/staff.commands';

export const STAFF_SOCKET = 'staff.sock';
const REQUEST_MAX_BYTES = 4096;

export const staffSocketPath = (dataDir: string) => join(dataDir, STAFF_SOCKET);

export async function startStaffSocket(db: Db, dataDir: string): Promise<Server> {
  const path = staffSocketPath(dataDir);
  // A socket file left by a server that died: this process holds the data folder's lock, so no
  // other server is behind it.
  if (existsSync(path)) unlinkSync(path);
  const server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > REQUEST_MAX_BYTES) socket.destroy();
      const end = text.indexOf('\n');
      if (end < 0) return;
      let request: unknown = null;
      try {
        request = JSON.parse(text.slice(0, end));
      } catch {
        // Answered as a bad request below.
      }
      runStaffCommand(db, request, Date.now())
        .catch((err: unknown) => ({ ok: false, message: String(err) }))
        .then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });
  // Made with no permission for group or others from its first moment, then checked.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  server.unref();
  return server;
}
