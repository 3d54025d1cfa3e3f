/**
 * The service worker, served as `/sw.js` from the site root (SPEC §7; issue 7 §6). Built by
 * vite-plugin-pwa (strategy injectManifest, see vite.config.ts), which bundles this file with
 * Workbox and replaces `self.__WB_MANIFEST` with the build's file list (the app shell:
 * index.html, the hashed JS/CSS chunks, the manifest and icons) with a revision per file.
 *
 * Caching rules, and why:
 * - the precached shell is served cache-first and replaced as a whole when a new build's
 *   worker installs (revisions change);
 * - page navigations go to the network first, so a signed-in user always gets the current
 *   index.html, and fall back to the cached shell when the network fails (offline start) or
 *   the server answers with an error;
 * - other hashed `/assets/*` files (the font subsets, which are too many to precache) are
 *   cache-first: their name changes when their content does;
 * - `/api/*` is NEVER cached or answered from cache: no route matches it, so those requests go
 *   straight to the network and fail visibly when offline (the form then keeps its draft).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

/** A precache entry as the build writes it. */
type PrecacheEntry = string | { url: string; revision: string | null };

// The DOM library is what the client's tsconfig loads; of the worker's global scope only
// these are used.
declare const self: { __WB_MANIFEST: PrecacheEntry[]; skipWaiting(): Promise<void> };

/** The precached shell every client route is answered with offline. */
const SHELL = '/index.html';

// A new build takes over at once: its shell is complete (precached) before it activates.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      let res: Response;
      try {
        res = await fetch(request);
      } catch {
        return (await matchPrecache(SHELL)) ?? Response.error();
      }
      // The server answers every client route with the page (200). An error instead means it
      // cannot serve the app right now (restarting, a proxy's 502): the cached shell still can.
      if (res.status < 400 || res.type === 'opaqueredirect') return res;
      return (await matchPrecache(SHELL)) ?? res;
    },
    // /api/docs (Swagger UI) is a server page, not a client route.
    { denylist: [/^\/api(\/|$)/] },
  ),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === location.origin &&
    url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'darta-assets' }),
);
