// Serving the built PWA: SPA fallback for app routes only, real files as files, cache headers,
// precompressed siblings (made by scripts/compress.mjs) chosen by Accept-Encoding.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server-app';

let server: TestServer;
let dist: string;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head></html>';
const APP_JS = `console.log(${JSON.stringify('carry '.repeat(400))});`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'carry-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {}); // ${'x'.repeat(600)}`);
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Carry"}');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), APP_JS);
  execFileSync(process.execPath, ['scripts/compress.mjs', dist]);
  server = await createTestServer({ config: { staticRoot: dist } });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, encoding = '') =>
  server.request(path, { headers: { 'Accept-Encoding': encoding } });

describe('scripts/compress.mjs', () => {
  it('writes .br and .gz siblings that decompress to the original, and skips tiny files', () => {
    const original = readFileSync(join(dist, 'assets', 'app-abc123.js'));
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'app-abc123.js.br')))).toEqual(original);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'app-abc123.js.gz')))).toEqual(original);
    expect(() => readFileSync(join(dist, 'robots.txt.br'))).toThrow();
  });
});

describe('static serving', () => {
  it.each(['/', '/carrier/orders', '/choose_user_type'])(
    'answers index.html for the app route %s, never cached',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('answers real files as themselves: robots.txt, the manifest, sw.js (no-cache)', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('User-agent');
    expect((await get('/manifest.webmanifest')).headers.get('content-type')).toBe(
      'application/manifest+json',
    );
    const sw = await get('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('serves hashed assets immutable, brotli first, then gzip, then plain', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(APP_JS);
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(APP_JS);
  });

  it('answers 404 for a missing file instead of the app, and for escapes from the folder', async () => {
    expect((await get('/assets/missing-123.js')).status).toBe(404);
    expect((await get('/icons/none.png')).status).toBe(404);
    expect((await get('/%2e%2e/package.json')).status).toBe(404);
    expect((await get('/..%2fpackage.json')).status).toBe(404);
  });

  it('keeps API paths JSON: an unknown /api route is a JSON 404, not the app', async () => {
    const res = await get('/api/unknown');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'route/not-found', message: 'Not found.' });
  });
});
