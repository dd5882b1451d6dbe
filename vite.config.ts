/// <reference types="vitest/config" />
// One config for the app build, the service worker (injectManifest from sw/) and the test projects.
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST_TEXT, manifestFile, manifestIn } from './src/client/pwa/manifest.ts';
import { LOCALES } from './src/domain/locale.ts';
import { SuiteSequencer } from './tests/support/sequencer.ts';

// Vitest 5 prints failures with Map.groupBy, which Node 20 lacks: without it a failing test
// crashes the reporter instead of saying what failed.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

/**
 * The manifest of each language but English (manifest.hi.webmanifest): the English one as
 * vite-plugin-pwa writes it (its icons included), in the language's words
 * (src/client/pwa/manifest.ts). Runs after the plugin's bundle step, before its service worker
 * build, which precaches it (globPatterns).
 */
function languageManifests(): Plugin {
  return {
    name: 'carry:language-manifests',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const english = bundle[manifestFile('en')];
      if (english?.type !== 'asset') throw new Error('No English web manifest to translate');
      const manifest = JSON.parse(String(english.source)) as Record<string, unknown>;
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        this.emitFile({
          type: 'asset',
          fileName: manifestFile(locale),
          source: JSON.stringify(manifestIn(manifest, locale)),
        });
      }
    },
  };
}

/**
 * The stylesheet after the static shell (end of <body>) rather than in <head>: a stylesheet in
 * <head> holds every paint until it has arrived, seconds on a slow link, while one after the shell
 * holds nothing above it. The shell has its own inline styles; the scripts still wait for the
 * stylesheet, so React never renders unstyled.
 */
function stylesheetAfterShell(): Plugin {
  return {
    name: 'carry:stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (links.length === 0) throw new Error('index.html: no stylesheet to move');
        let out = html;
        for (const link of links) out = out.replace(link, '');
        return out.replace('</body>', `${links.map((l) => l.trim()).join('\n')}\n  </body>`);
      },
    },
  };
}

const english = MANIFEST_TEXT.en;

const src = fileURLToPath(new URL('./src', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8787'}`;

/**
 * The built route chunks of the screens a logged-out visitor opens: / (the router plugin names
 * routes/index.tsx's chunk after its folder), /signup, /login, /forgot-password, /reset-password.
 */
const LOGGED_OUT_ROUTE_CHUNK = /^assets\/(routes|signup|login|forgot-password|reset-password)-[\w-]+\.js$/;

export default defineConfig({
  resolve: { alias: { '@': src } },
  plugins: [
    // The router plugin must come before react().
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
    }),
    react(),
    // Compiles messages/<locale>.json when the app imports it with ?lingui (lingui.config.ts).
    lingui({ failOnCompileError: true }),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // Icons are generated from one SVG at build time, and linked into the manifest and <head>.
      pwaAssets: { preset: 'minimal-2023', image: 'public/favicon.svg', overrideManifestIcons: true },
      manifest: {
        id: '/',
        // Each language's words: src/client/pwa/manifest.ts (the others' files: languageManifests).
        lang: english.lang,
        name: english.name,
        short_name: english.short_name,
        description: english.description,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f766e',
        background_color: '#f0fdfa',
        categories: ['travel', 'shopping'],
        screenshots: [
          {
            src: '/screenshots/narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: english.screenshots.narrow,
          },
          {
            src: '/screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: english.screenshots.wide,
          },
        ],
      },
      injectManifest: {
        // The other languages' manifests too (the English one is the plugin's own entry).
        globPatterns: ['**/*.{js,css,html,svg,woff2}', 'manifest.*.webmanifest'],
        // A language's messages (assets/messages-<locale>-*.js) are cached once chosen (sw.ts), not
        // precached: a device downloads only the languages it uses.
        globIgnores: [
          '**/messages-*.js',
          '**/screenshots/**',
          '**/*.png',
          '**/*.ico',
          'manifest.webmanifest',
          '**/*.br',
          '**/*.gz',
        ],
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    languageManifests(),
    stylesheetAfterShell(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // index.html preloads the first screen's chunks; a lazy import does not add <link
    // rel=modulepreload> for each chunk it depends on: with the service worker serving them, each
    // link's insertion cost the main thread more than the round trip it saved (a screen behind the
    // login inserted some 40 at once, a task of about 200 ms at a phone's speed). Except the
    // logged-out screens' route chunks: they are what a first visit opens, with nothing cached, and
    // fetched level by level (route, form, its fields) their dozen chunks were three round trips
    // in a row before the login form could paint.
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || LOGGED_OUT_ROUTE_CHUNK.test(file) ? deps : [],
    },
    rollupOptions: {
      output: {
        // Each catalogue is a chunk named after its language (and area: messages-search-hi-*.js),
        // so the service worker can tell them.
        chunkFileNames: (chunk) => {
          const area = chunk.facadeModuleId?.match(/\/messages\/(?:(\w+)\/)?\w+\.json/);
          if (!area) return 'assets/[name]-[hash].js';
          return `assets/messages-${area[1] ? `${area[1]}-` : ''}[name]-[hash].js`;
        },
        // React and the router in one chunk: the first screen needs all of it, and the lazy form
        // chunks sharing pieces of it otherwise split it into many small files, each gzipped
        // (and fetched) on its own.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|valibot|@tanstack[\\/](react-router|router-core|history))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/carrier/carrier': apiTarget,
      '/files': apiTarget,
    },
  },
  test: {
    // How the suite is scheduled. Vitest's default on a 2-core machine is one worker, which ran all
    // 150 files one after another (about 25 minutes): much of a file's time is spent waiting on a
    // server or a browser, so two run side by side. All projects share one queue of those two
    // workers, in the order of tests/support/sequencer.ts: largest files first, the e2e files
    // spread among the others rather than after them. An e2e file with `fileParallelism: false`
    // would put the project in a group of its own (one worker) that Vitest runs only after every
    // other file: some seven of CI's eighteen minutes with one worker idle.
    maxWorkers: 2,
    sequence: { sequencer: SuiteSequencer },
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        // The import zones of biome.json, checked against fixtures each zone must reject.
        test: {
          name: 'lint',
          include: ['tests/lint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'data',
          include: ['tests/data/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['tests/support/setup-dom.ts'],
          // Integration files start the real server on PGlite, slow on a loaded 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/support/setup-dom.ts', 'tests/support/setup-client.ts'],
          // Screens import their lazy chunks on first render and some render thousands of rows:
          // on a loaded 2-core machine a test can pass 5 s, and beside an e2e file (a browser and a
          // server) a long list's test passed 15 s at a load of 12.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One build and one migrated, seeded data folder for all of them (each server copies it).
          globalSetup: ['tests/support/e2e-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // Each file starts its own server (a free port, its own data folder) and browser, so two
          // may run at once; the sequencer keeps that rare (see maxWorkers above).
        },
      },
    ],
  },
});
