// The operator's staff command reaches a running server on PGlite through a Unix socket in
// DATA_DIR that only the server's user can open (mode 0600): one JSON line in, one out.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaff } from '@/server/auth/staff';
import { staffSocketPath, startStaffSocket } from '@/server/staff-socket';
import { createTestServer, type TestServer } from '../support/server-app';

let server: TestServer;
let socket: Server;
let dir: string;

beforeAll(async () => {
  server = await createTestServer();
  dir = mkdtempSync(join(tmpdir(), 'carry-staff-'));
  socket = await startStaffSocket(server.db, dir);
});
afterAll(async () => {
  socket?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function ask(request: unknown): Promise<{ ok: boolean; message: string }> {
  return new Promise((resolve, reject) => {
    const client = connect(staffSocketPath(dir));
    let text = '';
    client.setEncoding('utf8');
    client.on('connect', () => client.write(`${JSON.stringify(request)}\n`));
    client.on('data', (chunk: string) => {
      text += chunk;
    });
    client.on('end', () => resolve(JSON.parse(text)));
    client.on('error', reject);
  });
}

describe('startStaffSocket', () => {
  it('is a socket only its owner can read and write', () => {
    const mode = statSync(staffSocketPath(dir)).mode;
    expect(mode & 0o777).toBe(0o600);
  });

  it('adds and removes staff for the operator', async () => {
    expect(await ask({ op: 'add', email: 'Lead@Example.com' })).toMatchObject({ ok: true });
    expect(await isStaff(server.db, 'lead@example.com', [])).toBe(true);
    expect(await ask({ op: 'remove', email: 'lead@example.com' })).toMatchObject({ ok: true });
    expect(await isStaff(server.db, 'lead@example.com', [])).toBe(false);
  });

  it('answers a bad request with the usage, changing nothing', async () => {
    expect(await ask({ op: 'promote', email: 'x@example.com' })).toMatchObject({ ok: false });
  });
});
