/**
 * Serves the client build (dist/client) as a single-page app: its files as they are, and every
 * other GET that is not the API answered with index.html, in which the palika's public identity
 * is written (issue 18 §5).
 *
 * Why the identity is in the page: the login page's largest text is the palika's name
 * (features/auth/LoginPage.tsx PalikaHeader). Fetched by the app, it arrived one request after
 * the code, about 0.7 s after the card on Slow 4G (Lighthouse: LCP 3.06 s, 85% of it "render
 * delay"). Written in the page as `<script type="application/json" id="darta-public">` — data,
 * never run, so the CSP's `script-src 'self'` holds — the app draws it with the card
 * (client lib/palika.ts), and a `<link rel="preload">` starts the emblem with the page.
 *
 * The identity is read per page (one primary-key statement, SettingsService.publicView), never
 * cached here, so an admin's change shows on the next load on every instance. When it cannot be
 * read (the database down), the page is served without it and the app fetches it as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicSettings } from '../../shared/schemas/settings.js';
import { translate } from '../../shared/i18n/index.js';
import { PUBLIC_DATA_ID } from '../../shared/page-data.js';
import { requestLang } from '../plugins/errors.js';

/** Build files served with `Cache-Control: no-cache` (paths relative to the client folder). */
const REVALIDATED = new Set(['sw.js', 'index.html', 'manifest.webmanifest']);

/** Text in an HTML attribute value (double-quoted). */
function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * JSON that cannot end or comment out its `<script>` element: every `<`, and U+2028/U+2029
 * (line ends to old parsers), as `\uXXXX` escapes, which JSON.parse reads back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * `template` (the built index.html) with the palika's identity before `</head>`: the emblem's
 * preload and the data element. Without `settings`, or without a `</head>`, the template as is.
 */
export function renderSpaPage(template: string, settings: PublicSettings | null): string {
  const at = template.indexOf('</head>');
  if (!settings || at < 0) return template;
  const head =
    `<link rel="preload" as="image" href="${attr(settings.emblemUrl)}">` +
    `<script type="application/json" id="${PUBLIC_DATA_ID}">${scriptJson(settings)}</script>`;
  return template.slice(0, at) + head + template.slice(at);
}

export interface SpaOptions {
  /** the client build's folder (dist/client); nothing is served when it has no index.html */
  clientDir: string;
  /** the palika's public identity (SettingsService.publicView) */
  publicSettings: () => Promise<PublicSettings>;
}

/**
 * Registers the build's files and the SPA's page on `app`, and the not-found handler: an API
 * path, a missing build file or a non-GET answers 404 with the error body, never the page.
 */
export async function registerSpa(app: FastifyInstance, opts: SpaOptions): Promise<void> {
  const indexFile = path.join(opts.clientDir, 'index.html');
  let template: string | null = null;
  try {
    template = readFileSync(indexFile, 'utf8');
  } catch {
    // no build: the API alone (main.ts says so at start)
  }
  if (template !== null) {
    const page = template;
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      wildcard: false,
      // `/` is the SPA's page below; /index.html stays the build's file (the service worker's
      // precached shell).
      index: false,
      // The build writes .br/.gz beside each script and stylesheet (vite.config.ts); a browser
      // that accepts one gets it, with no compression work per request (issue 8 §2).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const name = path.relative(opts.clientDir, filePath).split(path.sep).join('/');
        // Hashed build output never changes under its name.
        if (name.startsWith('assets/')) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (REVALIDATED.has(name)) {
          // The service worker, its shell page and the manifest must be re-checked on every
          // load, or a browser keeps an old app version (issue 7 §6).
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
      let settings: PublicSettings | null = null;
      try {
        settings = await opts.publicSettings();
      } catch (err) {
        req.log.warn({ err }, 'the palika identity could not be read for the page');
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(renderSpaPage(page, settings));
    };
    app.get('/', { schema: { hide: true } }, sendPage);
    app.setNotFoundHandler((req, reply) => {
      if (isPageRequest(req)) return sendPage(req, reply);
      return notFound(req, reply);
    });
  } else {
    app.setNotFoundHandler(notFound);
  }
}

/** A GET or HEAD of a client route: not the API, not a build file (a missing chunk is a 404). */
function isPageRequest(req: FastifyRequest): boolean {
  const pathname = req.url.split('?')[0];
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.url.startsWith('/api/') &&
    // a browser would otherwise take the page as the service worker, manifest or a chunk
    !REVALIDATED.has(pathname.slice(1)) &&
    !pathname.startsWith('/assets/')
  );
}

function notFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: translate(requestLang(req), 'errors.notFound') });
}
