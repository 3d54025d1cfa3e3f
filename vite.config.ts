import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Client build: the SPA is served by Fastify from dist/client. */
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
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
        // the Latin and Devanagari font files (Noto Sans has a Devanagari subset of its own,
        // `noto-sans-devanagari-<weight>`), so Nepali never shows as boxes offline. The other
        // subsets (Cyrillic, Greek…) are cached when first used.
        globPatterns: [
          '**/*.{js,css,html,webmanifest,svg,png}',
          'assets/noto-sans-latin-[0-9]*.woff2',
          'assets/noto-sans-devanagari-[0-9]*.woff2',
          'assets/noto-sans-devanagari-devanagari-*.woff2',
        ],
        // The user manual's screenshots are large and only needed online.
        globIgnores: ['manual/**', 'sw.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: false },
  server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
});
