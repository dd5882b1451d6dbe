// Courier item images: upload (images by content, size limit, quota), where the bytes live (never
// in PGlite), download (detected type, nosniff, ETag), and the clean-up of unreferenced images.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks, files, users } from '@/server/db/schema';
import { pruneOrphanFiles } from '@/server/model/files.prune';
import { createTestServer, type TestServer } from '../support/server-app';
import { courierBody } from '../support/server-fixtures';
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
    expect(await res.json()).toMatchObject({ code: 'file/not-image' });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await upload(svg, 'x.svg', 'image/svg+xml')).status).toBe(415);
  });

  it('answers 413 for an image over 5 MB', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(big, 'big.png');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'file/too-large' });
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

/** An image of `size` bytes (a JPEG by its first bytes), different for each `seed`. */
function jpegOf(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  bytes.set(JPEG);
  return bytes;
}
const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const nameOf = (url: string) => url.replace(/^\/api\/files\//, '');

function uploadTo(target: TestServer, owner: TestUser, bytes: Uint8Array<ArrayBuffer>, name = 'bag.jpg') {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type: 'image/jpeg' }));
  return target.request('/api/files/courier-images', {
    method: 'POST',
    body: form,
    headers: { Cookie: owner.cookie },
  });
}

describe('where the bytes live', () => {
  it('keeps an image out of the database: a file under the data folder on PGlite, 256 KB rows with DATABASE_URL', async () => {
    const bytes = jpegOf(600 * 1024, 1);
    const res = await uploadTo(server, user, bytes);
    expect(res.status).toBe(201);
    const { url } = await res.json();
    const key = hex(bytes);
    const [row] = await server.db
      .select()
      .from(files)
      .where(eq(files.name, nameOf(url)));
    expect(row).toMatchObject({ sha256: key, data: null, size: bytes.length, contentType: 'image/jpeg' });
    const chunks = await server.db
      .select({ idx: fileChunks.idx, size: sql<number>`length(${fileChunks.data})` })
      .from(fileChunks)
      .where(eq(fileChunks.sha256, key))
      .orderBy(fileChunks.idx);
    if (server.filesDir) {
      expect(chunks).toEqual([]);
      expect(new Uint8Array(readFileSync(join(server.filesDir, key.slice(0, 2), key)))).toEqual(bytes);
    } else {
      expect(chunks.map((c) => Number(c.size))).toEqual([256 * 1024, 256 * 1024, 88 * 1024]);
    }
    const served = await server.request(url);
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('serves a file an earlier release kept in its row, and moves the bytes out on that first read', async () => {
    const bytes = jpegOf(2000, 2);
    const [owner] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const name = `courier-images/${'e'.repeat(40)}-old.jpg`;
    await server.db.insert(files).values({
      name,
      userId: owner?.id as string,
      contentType: 'image/jpeg',
      size: bytes.length,
      data: bytes,
      createdAt: new Date(),
    });
    const res = await server.request(`/api/files/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${hex(bytes)}"`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const [row] = await server.db.select().from(files).where(eq(files.name, name));
    expect(row).toMatchObject({ sha256: hex(bytes), data: null });
    const again = await server.request(`/api/files/${name}`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
  });
});

describe('download caching', () => {
  it('sends an ETag with immutable public caching, and 304 without a body for If-None-Match', async () => {
    const bytes = jpegOf(3000, 3);
    const { url } = await (await uploadTo(server, user, bytes)).json();
    const res = await server.request(url);
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toBe(`"${hex(bytes)}"`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await res.arrayBuffer();
    const revalidated = await server.request(url, { headers: { 'If-None-Match': etag as string } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
    const head = await server.request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('etag')).toBe(etag);
    const other = await server.request(url, { headers: { 'If-None-Match': '"something-else"' } });
    expect(other.status).toBe(200);
    expect(new Uint8Array(await other.arrayBuffer())).toEqual(bytes);
  });
});

describe('quota and clean-up (injected clock)', () => {
  const T0 = Date.parse('2026-03-01T00:00:00Z');
  const HOUR = 60 * 60 * 1000;
  const clock = { t: T0, now: () => clock.t };
  let timed: TestServer;

  beforeAll(async () => {
    timed = await createTestServer({ clock, config: { uploadsPerDay: 2, uploadBytesPerUser: 10_000 } });
  });
  afterAll(() => timed.close());

  it('answers 429 files/quota with Retry-After past the images of a day, and takes images again once a day has passed', async () => {
    clock.t = T0;
    const owner = await signupAndLogin(timed);
    const [a, b, c] = [jpegOf(100, 10), jpegOf(100, 11), jpegOf(100, 12)];
    expect((await uploadTo(timed, owner, a)).status).toBe(201);
    clock.t = T0 + HOUR;
    expect((await uploadTo(timed, owner, b)).status).toBe(201);
    // The same image again is no new image (it restarts its own day).
    expect((await uploadTo(timed, owner, a)).status).toBe(201);
    clock.t = T0 + 2 * HOUR;
    const refused = await uploadTo(timed, owner, c);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('files/quota');
    expect(refused.headers.get('retry-after')).toBe(String(23 * 60 * 60));
    clock.t = T0 + 25 * HOUR + 1000;
    expect((await uploadTo(timed, owner, c)).status).toBe(201);
  });

  it('answers 429 files/quota past the bytes one user keeps in all', async () => {
    clock.t = T0;
    const owner = await signupAndLogin(timed);
    expect((await uploadTo(timed, owner, jpegOf(6000, 20))).status).toBe(201);
    const refused = await uploadTo(timed, owner, jpegOf(6000, 21));
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('files/quota');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user's quota is their own.
    expect((await uploadTo(timed, await signupAndLogin(timed), jpegOf(6000, 21))).status).toBe(201);
  });

  it('deletes images no courier request names a day after their upload, row and bytes', async () => {
    clock.t = T0;
    const [owner, other] = [await signupAndLogin(timed), await signupAndLogin(timed)];
    const keptBytes = jpegOf(500, 30);
    const orphanBytes = jpegOf(500, 31);
    const kept = (await (await uploadTo(timed, owner, keptBytes)).json()).url as string;
    const orphan = (await (await uploadTo(timed, owner, orphanBytes)).json()).url as string;
    // The same bytes as the kept image, by someone who never sends a request with them.
    const twin = (await (await uploadTo(timed, other, keptBytes)).json()).url as string;
    const courier = await owner.call('POST', '/api/courier/submit', courierBody(owner, kept));
    expect(courier.status).toBe(201);

    clock.t = T0 + 23 * HOUR;
    await pruneOrphanFiles(timed.db, timed.files, clock.now());
    expect((await timed.request(orphan)).status).toBe(200);
    expect((await timed.request(twin)).status).toBe(200);

    clock.t = T0 + 25 * HOUR;
    expect(await pruneOrphanFiles(timed.db, timed.files, clock.now())).toBeGreaterThanOrEqual(2);
    expect((await timed.request(orphan)).status).toBe(404);
    expect((await timed.request(twin)).status).toBe(404);
    expect(await timed.files.open(timed.db, hex(orphanBytes))).toBeNull();
    const served = await timed.request(kept);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(keptBytes);
  });
});
