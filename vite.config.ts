import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { visualizer } from 'rollup-plugin-visualizer';
import { mantineUseId } from './scripts/mantine-use-id.mjs';
import { preloadHelper } from './scripts/preload-helper.mjs';
import { staticShellScript } from './src/client/app/staticShell';
import enUS from './src/shared/i18n/en-US';
import ne from './src/shared/i18n/ne';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every built script and
 * stylesheet under assets/; Fastify's static handler sends them to browsers that accept the
 * encoding (`preCompressed`, src/server/app.ts), so nothing is compressed per request. Raw,
 * the login screen's first load is ~700 KB, which Slow 4G takes seconds to carry (issue 8 §2).
 * The page, the worker and the manifest stay raw: small, and re-validated on every load.
 */
function precompress(): Plugin {
  return {
    name: 'darta:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((f) => /^assets\/.+\.(js|css)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const raw = await readFile(path.join(dir, f));
          const [br, gzipped] = await Promise.all([
            brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(raw, { level: 9 }),
          ]);
          await writeFile(path.join(dir, `${f}.br`), br);
          await writeFile(path.join(dir, `${f}.gz`), gzipped);
        }),
      );
    },
  };
}

/**
 * The font files the first screen draws with, preloaded from index.html so they arrive with the
 * scripts rather than after the first render (no late swap of the text, no layout shift): Noto
 * Sans regular and bold (labels, buttons and headings are bold).
 */
const PRELOADED_FONTS = /^assets\/noto-sans-latin-(400|700)-normal-[\w-]+\.woff2$/;
/**
 * Noto Sans Devanagari in bold (every heading and button in Nepali): preloaded only for
 * a reader whose stored language is Nepali, by the outline script (app/staticShell.ts), which
 * finds the file's URL in its `data-nepali-font` attribute. An English page's one Devanagari
 * glyph, the language switch's "ने", does not need it before the first paint: preloaded for
 * everyone, its 47 KB shared the slow link with the entry's scripts and put the login's
 * simulated LCP 0.2 s later (docs/performance.md, 2026-11-28).
 */
const NEPALI_FONT = /^assets\/noto-sans-devanagari-devanagari-700-normal-[\w-]+\.woff2$/;

function preloadFonts(): Plugin {
  return {
    name: 'darta:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((f) => PRELOADED_FONTS.test(f));
        if (files.length !== 2) throw new Error(`expected 2 fonts to preload, found ${files}`);
        return files.sort().map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${f}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The signed-in screens' outline (header, the page's title, a spinner), drawn by a small
 * classic script that index.html runs before the app's modules (src/client/app/staticShell.ts,
 * issue 18 §5), with the texts of both catalogues. A file, not an inline script: the CSP allows
 * scripts from 'self' only (issue 8 §5). Named by its content's hash under assets/, so it is
 * cached for good, precompressed and precached like every other script. Placed after `#root`,
 * which it fills; build only (the dev server draws no outline). Its `data-nepali-font` names the
 * Devanagari bold font, which it preloads for a Nepali reader (NEPALI_FONT).
 */
function staticShell(): Plugin {
  const source = staticShellScript({ 'en-US': enUS, ne });
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const fileName = `assets/shell-${hash}.js`;
  return {
    name: 'darta:static-shell',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((f) => NEPALI_FONT.test(f));
        if (fonts.length !== 1)
          throw new Error(`expected 1 Nepali font to preload, found ${fonts}`);
        return [
          {
            tag: 'script',
            attrs: { src: `/${fileName}`, 'data-nepali-font': `/${fonts[0]}` },
            injectTo: 'body' as const,
          },
        ];
      },
    },
  };
}

/** The UI libraries every signed-in screen uses (see `codeSplitting` below). */
const UI_LIBRARIES = new RegExp(
  '[\\\\/]node_modules[\\\\/](' +
    [
      '@mantine[\\\\/](core|hooks|store|modals|notifications)',
      '@floating-ui',
      'react-remove-scroll(-bar)?',
      'react-style-singleton',
      'use-callback-ref',
      'use-sidecar',
      'get-nonce',
      'detect-node-es',
      'tslib',
      'react-transition-group',
      '@tanstack',
      'clsx',
    ].join('|') +
    ')[\\\\/]',
);

/** Client build: the SPA is served by Fastify from dist/client. */
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    // Mantine's useId without its random id set after mount (src/client/lib/mantineUseId.ts).
    mantineUseId(),
    // Lazy chunks' preload links a few per task (src/client/lib/preloadHelper.ts).
    preloadHelper(),
    precompress(),
    preloadFonts(),
    staticShell(),
    // The service worker /sw.js (src/client/sw.ts, issue 7 §6; docs/decisions.md "Offline").
    // The manifest is the committed public/manifest.webmanifest, and main.tsx registers the
    // worker itself (production builds only), so the plugin writes neither.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // The shell: every chunk (lazy routes too), styles, the page, manifest and icons, and
        // the Latin (Noto Sans) and Devanagari (Noto Sans Devanagari,
        // `noto-sans-devanagari-devanagari-<weight>`) font files, so Nepali never shows as boxes
        // offline. Latin Extended is cached when first used.
        globPatterns: [
          '**/*.{js,css,html,webmanifest,svg,png}',
          'assets/noto-sans-latin-[0-9]*.woff2',
          'assets/noto-sans-devanagari-devanagari-*.woff2',
        ],
        // The user manual's screenshots are large and only needed online.
        globIgnores: ['manual/**', 'sw.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    // `ANALYZE=1 npx vite build`: a treemap of every chunk's modules (gzip sizes) in
    // dist/stats.html, to see what the first load carries (issue 8 §2). `ANALYZE=raw-data` writes
    // the same as JSON (dist/stats.json) for scripts.
    process.env.ANALYZE
      ? visualizer({
          filename: process.env.ANALYZE === 'raw-data' ? 'dist/stats.json' : 'dist/stats.html',
          template: process.env.ANALYZE === 'raw-data' ? 'raw-data' : 'treemap',
          gzipSize: true,
        })
      : null,
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: .size-limit.mjs reads the login route's first-load
    // files from it (the entry and its static imports, which index.html loads).
    manifest: true,
    // No `<link rel=modulepreload>` in index.html for the entry's static imports: the browser
    // finds them in the entry (9 KB) one round trip later, but on a slow link they no longer
    // share the first ~300 ms with the stylesheet, the fonts and the outline script that the first
    // paint needs. Lighthouse (Slow 4G), median of 3: first paint 2.1–2.3 → 1.1–1.7 s on every
    // screen, login LCP unchanged (2.26 → 2.27 s), the applicant home's 2.26 → 1.69 s
    // (docs/performance.md, 2026-11-28). A lazy page's chunks are still preloaded together when
    // it is imported (`hostType` 'js'), so a page's code is not a waterfall.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // The libraries the first screen imports statically, in one chunk beside the entry: left
        // to the automatic splitting they came as a dozen small files, each a request (and a
        // round trip on a slow link) before the login screen can render (issue 8 §2). Lazy pages
        // import their share from this chunk, which is always loaded already. Only libraries:
        // the app's own modules include shared/i18n/index.ts, whose static import of the Nepali
        // catalogue (for the server) would pull that lazily loaded catalogue in too.
        // The rest of the UI libraries (every other Mantine component, its positioning and
        // scroll-lock helpers, react-query) likewise go in one chunk, which the first signed-in
        // screen loads in place of some thirty ~1 KB files.
        codeSplitting: {
          groups: [
            // Scripts only: the stylesheets stay with the chunks that import them, so the first
            // screen's CSS is one file and the full Mantine stylesheet comes with the lazy pages
            // (App.tsx).
            {
              name: 'vendor',
              tags: ['$initial'],
              test: (id) => /[\\/]node_modules[\\/]/.test(id) && !id.endsWith('.css'),
              priority: 2,
            },
            {
              name: 'ui',
              test: (id) => UI_LIBRARIES.test(id) && !id.endsWith('.css'),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
});
