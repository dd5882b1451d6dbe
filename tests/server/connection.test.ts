// The server on a real socket: a refused body does not break the keep-alive connection's next
// request, and a client that disconnects mid-upload is logged as a client abort, not a fault.

import { readdirSync, statSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server-app';
import { signupAndLogin, type TestUser } from '../support/server-users';
import { until } from '../support/until';

const lines: Record<string, unknown>[] = [];
let server: TestServer;
let user: TestUser;
let listener: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  server = await createTestServer({ config: { log: (l) => lines.push(l) } });
  user = await signupAndLogin(server);
  listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => listener.once('listening', r));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => listener.close(r));
  await server.close();
});

function send(
  agent: Agent,
  method: string,
  path: string,
  body?: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          connection: res.headers.connection,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a refused body on a keep-alive connection', () => {
  it.each([
    ['a JSON body over 1 MB', '/api/contact', 2 * 1024 * 1024, 413],
    ['an upload over the limit', '/api/files/courier-images', 6 * 1024 * 1024, 413],
    ['a write without a session', '/api/book', 512 * 1024, 401],
    [
      'a chunked JSON body over 1 MB',
      '/api/contact',
      2 * 1024 * 1024,
      413,
      { 'Transfer-Encoding': 'chunked' },
    ],
  ])(
    'answers %s and the next request on the same agent succeeds',
    async (_, path, size, status, extra: Record<string, string> = {}) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < 3; i += 1) {
          const refused = await send(agent, 'POST', path, Buffer.alloc(size, 'x'), {
            'Content-Type': 'application/json',
            ...(status === 401 ? {} : { Cookie: user.cookie }),
            ...extra,
          });
          expect(refused.status).toBe(status);
          const next = await send(agent, 'GET', '/api/health');
          expect(next.status).toBe(200);
        }
      } finally {
        agent.destroy();
      }
    },
  );
});

describe('a client that disconnects mid-upload', () => {
  it('is logged as a client abort (499), never as a server error', async () => {
    lines.length = 0;
    const boundary = 'carryboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const arrived = new Promise((r) => listener.once('request', r));
    socket.write(
      [
        'POST /api/files/courier-images HTTP/1.1',
        'Host: 127.0.0.1',
        `Cookie: ${user.cookie}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(head);
    socket.write(Buffer.alloc(64 * 1024, 1));
    // The client goes while the server is storing the upload: on PGlite its bytes are arriving in
    // the files folder's tmp/; on PostgreSQL (chunks in the database) the request has arrived.
    await arrived;
    const tmp = server.filesDir && join(server.filesDir, 'tmp');
    if (tmp)
      await until(() => readdirSync(tmp).some((name) => statSync(join(tmp, name)).size > 0), {
        what: 'the upload is being stored',
      });
    socket.destroy();
    await until(() => lines.some((l) => l.path === '/api/files/courier-images'), {
      what: 'the upload is logged',
    });
    const logged = lines.filter((l) => l.path === '/api/files/courier-images');
    expect(logged).toEqual([expect.objectContaining({ status: 499 })]);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
