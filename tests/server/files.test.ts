// Courier item images: upload (images by content, size limit) and download (detected type, nosniff).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server-app';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  user = await signupAndLogin(server);
});
afterAll(() => server.close());

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function upload(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  type = 'image/png',
  headers: Record<string, string> = { Cookie: user.cookie },
) {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return server.request('/api/files/courier-images', { method: 'POST', body: form, headers });
}

describe('POST /api/files/courier-images', () => {
  it('stores an image under courier-images/<hash>-<name> and answers its url', async () => {
    const res = await upload(PNG, 'my bag (1).png');
    expect(res.status).toBe(201);
    const { url } = await res.json();
    expect(url).toMatch(/^\/api\/files\/courier-images\/[0-9a-f]{40}-my_bag_1_.png$/);
  });

  it('decides by content: a JPEG named .png is served as image/jpeg', async () => {
    const { url } = await (await upload(JPEG, 'photo.png')).json();
    const res = await server.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(JPEG);
  });

  it('answers 415 for a file that is not an image, whatever its name and type say', async () => {
    const html = new TextEncoder().encode('<script>alert(1)</script>');
    const res = await upload(html, 'cat.png', 'image/png');
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe('Only image files can be uploaded.');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await upload(svg, 'x.svg', 'image/svg+xml')).status).toBe(415);
  });

  it('answers 413 for an image over 5 MB', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(big, 'big.png');
    expect(res.status).toBe(413);
    expect(await res.json()).toHaveProperty('message');
  });

  it('answers 400 without a file field and 401 without a session', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const noFile = await server.request('/api/files/courier-images', {
      method: 'POST',
      body: form,
      headers: { Cookie: user.cookie },
    });
    expect(noFile.status).toBe(400);
    expect((await upload(PNG, 'a.png', 'image/png', {})).status).toBe(401);
  });

  it('answers 400 for a body that is not multipart', async () => {
    const res = await user.call('POST', '/api/files/courier-images', { file: 'x' });
    expect(res.status).toBe(400);
  });

  it('stores one file for a repeated Idempotency-Key and answers the same url', async () => {
    const headers = { Cookie: user.cookie, 'Idempotency-Key': crypto.randomUUID() };
    const first = await (await upload(PNG, 'a.png', 'image/png', headers)).json();
    const again = await (await upload(PNG, 'a.png', 'image/png', headers)).json();
    expect(again.url).toBe(first.url);
  });
});

describe('GET /api/files/courier-images/:name', () => {
  it('answers 404 JSON for an unknown file', async () => {
    const res = await server.request('/api/files/courier-images/nope.png');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'file/not-found', message: 'That file does not exist.' });
  });
});
