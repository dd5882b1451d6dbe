// Sizes of the built client as a browser fetches it: the JS and CSS the first screen loads
// (index.html's module scripts, modulepreloads and stylesheets) and the service worker's
// precache (the URLs injected into dist/sw.js), each raw, gzip (level 9) and brotli (q 11); and
// each language's message catalogues (assets/messages-[<area>-]<locale>-<hash>.js, docs/i18n.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Budgets (gzip): index.html's JS (entry + modulepreloads) at most 110 KB, the whole precache at
// most 450 KB. The required stack alone (React 19, TanStack Router, TanStack Form, valibot; see
// bench/stack-floor) is about 108 KB for a one-route login page, so the entry holds only
// what the login screen renders: the data layer, the header and sync line and the PWA controls load
// after it (162.7 KB before that change, 107.9 KB after). The login route's own lazy chunks are not
// counted here; with them the browser fetches about 130 KB gzip before the form is usable.
// A switch to another language (issue 32) loads its shell catalogue and the catalogues of the
// areas on screen: at most 25 KB gzip for the shell and the largest area.
export const BUDGETS_KB = { firstScreenJsGzip: 110, precacheGzip: 450, localeSwitchGzip: 25 };

const KB = 1024;

function sizesOf(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

function sum(files) {
  const total = { raw: 0, gzip: 0, brotli: 0, files: files.map((f) => f.url) };
  for (const f of files) {
    total.raw += f.raw;
    total.gzip += f.gzip;
    total.brotli += f.brotli;
  }
  return total;
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
const local = (url) => url && !/^[a-z]+:\/\//i.test(url) && !url.startsWith('//');

/** The first screen's JS and CSS, as index.html asks for them (no lazily imported chunks). */
export function firstScreenAssets(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (local(src)) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    const href = attr(tag, 'href');
    if (!local(href)) continue;
    if (rel === 'modulepreload') js.add(href);
    if (rel === 'stylesheet') css.add(href);
  }
  return { js: [...js], css: [...css] };
}

/** The precache manifest workbox injected into sw.js. */
export function precacheUrls(distDir) {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = new Set();
  for (const m of sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)) urls.add(m[1]);
  return [...urls];
}

function measure(distDir, urls) {
  return urls.map((url) => {
    const file = join(distDir, url.replace(/^\//, '').split(/[?#]/)[0]);
    statSync(file);
    return { url, ...sizesOf(file) };
  });
}

/** The first screen's JS alone, for a build without a service worker (the stack floor). */
export function measureFirstScreenJs(distDir) {
  return sum(measure(distDir, firstScreenAssets(distDir).js));
}

// messages-en-<hash>.js (the shell's) or messages-search-hi-<hash>.js (an area's): an area's
// name is 3 letters or more, a language's 2 (a hash may hold dashes).
const CATALOGUE = /^messages-(?:([a-z]{3,})-)?([a-z]{2})-[\w-]+\.js$/;

/**
 * Each language's catalogue chunks: { [locale]: { shell, areas: { [area]: sizes }, areasTotal,
 * largestArea: name, switch: shell + largest area } }, the sizes as sum() gives them.
 */
export function measureCatalogues(distDir) {
  const byLocale = {};
  for (const name of readdirSync(join(distDir, 'assets'))) {
    const m = CATALOGUE.exec(name);
    if (!m) continue;
    const [, area, locale] = m;
    const sizes = { url: `/assets/${name}`, ...sizesOf(join(distDir, 'assets', name)) };
    byLocale[locale] ??= { shellFiles: [], areaFiles: {} };
    const entry = byLocale[locale];
    if (area) entry.areaFiles[area] = [...(entry.areaFiles[area] ?? []), sizes];
    else entry.shellFiles.push(sizes);
  }
  const out = {};
  for (const [locale, { shellFiles, areaFiles }] of Object.entries(byLocale)) {
    const shell = sum(shellFiles);
    const areas = Object.fromEntries(Object.entries(areaFiles).map(([a, files]) => [a, sum(files)]));
    const largestArea = Object.entries(areas).sort(([, x], [, y]) => y.gzip - x.gzip)[0]?.[0] ?? null;
    const largest = largestArea ? areas[largestArea] : sum([]);
    const totalOf = (key) => Object.values(areas).reduce((n, s) => n + s[key], 0);
    out[locale] = {
      shell,
      areas,
      areasTotal: { raw: totalOf('raw'), gzip: totalOf('gzip'), brotli: totalOf('brotli') },
      largestArea,
      switch: {
        raw: shell.raw + largest.raw,
        gzip: shell.gzip + largest.gzip,
        brotli: shell.brotli + largest.brotli,
      },
    };
  }
  return out;
}

export function measureBundle(distDir) {
  const first = firstScreenAssets(distDir);
  const precache = precacheUrls(distDir);
  if (first.js.length === 0) throw new Error(`${distDir}/index.html loads no script`);
  if (precache.length === 0) throw new Error(`${distDir}/sw.js holds no precache manifest`);
  const precacheFiles = measure(distDir, precache);
  return {
    firstScreenJs: sum(measure(distDir, first.js)),
    firstScreenCss: sum(measure(distDir, first.css)),
    precache: sum(precacheFiles),
    precacheFiles,
    catalogues: measureCatalogues(distDir),
  };
}

export const kb = (bytes) => (bytes / KB).toFixed(1);

/** Budget verdicts: [{ name, actualKb, limitKb, ok }]. */
export function checkBudgets(sizes) {
  return [
    {
      name: 'first-screen JS (gzip)',
      actualKb: sizes.firstScreenJs.gzip / KB,
      limitKb: BUDGETS_KB.firstScreenJsGzip,
    },
    { name: 'precache (gzip)', actualKb: sizes.precache.gzip / KB, limitKb: BUDGETS_KB.precacheGzip },
    // English is the first screen's; a switch to any other language loads these.
    ...Object.entries(sizes.catalogues ?? {})
      .filter(([locale]) => locale !== 'en')
      .map(([locale, c]) => ({
        name: `switch to ${locale}: shell + largest area ${c.largestArea ?? '(none)'} (gzip)`,
        actualKb: c.switch.gzip / KB,
        limitKb: BUDGETS_KB.localeSwitchGzip,
      })),
  ].map((b) => ({ ...b, ok: b.actualKb <= b.limitKb }));
}
