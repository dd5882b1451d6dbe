// Serves the built PWA from dist/: real files as files (precompressed .br/.gz siblings when the
// client accepts them), hashed /assets/* immutable, index.html and sw.js never cached, and
// index.html for app routes (paths without a file extension) so deep links load the app.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function cacheControl(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (path === '/index.html' || path === '/sw.js' || path.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=3600';
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** The file under `root` that `urlPath` names, or null (including any escape from root). */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  return full.startsWith(root + sep) ? full : null;
}

export function serveApp(rootDir: string) {
  const root = normalize(rootDir);
  return async (c: Context): Promise<Response | null> => {
    const urlPath = c.req.path;
    const isAppRoute = extname(urlPath) === '';
    const servedPath = isAppRoute ? '/index.html' : urlPath;
    const file = resolveInside(root, servedPath);
    if (!file || !(await isFile(file))) return null;
    const accepts = c.req.header('accept-encoding') ?? '';
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cacheControl(servedPath),
      Vary: 'Accept-Encoding',
    };
    for (const enc of ENCODINGS) {
      if (accepts.includes(enc.name) && (await isFile(file + enc.suffix))) {
        headers['Content-Encoding'] = enc.name;
        return c.body(await readFile(file + enc.suffix), 200, headers);
      }
    }
    return c.body(await readFile(file), 200, headers);
  };
}
