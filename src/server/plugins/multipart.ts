/**
 * Multipart bodies (SPEC §7 sends every form as multipart/form-data). Limits are explicit
 * (DESIGN.md §10): 5 MiB per file, 10 files, 200 fields of at most 10 KiB. After parsing, the
 * body is flattened to plain values so the route's zod schema sees what it would see for
 * JSON: text fields as strings, repeated keys or `key[]` as arrays, files as UploadedFile.
 * An empty file input (no file chosen) is dropped; a text field over 10 KiB is a 422 on that
 * field (busboy would pass it on cut short).
 *
 * Public routes (access 'public': sign-in, registration, recovery) are for anonymous callers,
 * so they take small bodies only (issue 16 §3): JSON or a URL-encoded form of at most 16 KiB,
 * never multipart. Anything else is refused on the headers, before a byte of the body is read
 * (415 for the type, 413 for a declared length over the limit; the route's bodyLimit stops a
 * chunked body at 16 KiB too). URL-encoded forms are parsed for public routes only, the same
 * way as multipart fields (repeated keys or `key[]` as arrays).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { AppError } from '../errors.js';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '../lib/storage.js';

interface Part {
  type: 'file' | 'field';
  value?: unknown;
  filename?: string;
  mimetype?: string;
  _buf?: Buffer | null;
  /** busboy cut the value at limits.fieldSize (10 KiB) */
  valueTruncated?: boolean;
}

function flatten(part: Part): unknown {
  if (part.type === 'file') {
    const data = part._buf ?? Buffer.alloc(0);
    if (!part.filename && data.length === 0) return undefined;
    const f: UploadedFile = { filename: part.filename ?? '', mimetype: part.mimetype ?? '', data };
    return f;
  }
  return part.value;
}

/** The largest body a public route accepts (bytes). */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/** The only body types a public route accepts. */
const PUBLIC_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

const isPublic = (config: { access?: unknown } | undefined) => config?.access === 'public';

/** A URL-encoded form as plain values: repeated keys or `key[]` as arrays. */
function parseForm(body: string): Record<string, unknown> {
  const out = new Map<string, string | string[]>();
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const isArrayKey = rawKey.endsWith('[]');
    const key = isArrayKey ? rawKey.slice(0, -2) : rawKey;
    const prev = out.get(key);
    if (prev === undefined) out.set(key, isArrayKey ? [value] : value);
    else out.set(key, [...(Array.isArray(prev) ? prev : [prev]), value]);
  }
  return Object.fromEntries(out);
}

/** 415 or 413 for a public route's body, judged on the headers alone. */
async function checkPublicBody(req: FastifyRequest) {
  const length = Number(req.headers['content-length'] ?? 0);
  const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
  const type = req.headers['content-type'];
  if (!hasBody && type === undefined) return;
  if (!PUBLIC_TYPES.has((type ?? '').split(';')[0].trim().toLowerCase()))
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupportedMediaType');
  if (length > PUBLIC_BODY_LIMIT) throw new AppError(413, 'BODY_TOO_LARGE', 'errors.bodyTooLarge');
}

/** Small JSON or URL-encoded bodies only on public routes, judged on the headers. */
function publicBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isPublic(route.config)) return;
    route.bodyLimit = Math.min(route.bodyLimit ?? Infinity, PUBLIC_BODY_LIMIT);
    // a route hook, after the route's rate limit (registered before this plugin): a refused
    // body still counts against the caller's address
    const own = route.onRequest;
    route.onRequest = [...(Array.isArray(own) ? own : own ? [own] : []), checkPublicBody];
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (req, body, done) => {
      // signed-in routes take JSON or multipart, as before
      if (!isPublic(req.routeOptions.config)) {
        done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupportedMediaType'));
        return;
      }
      done(null, parseForm(String(body)));
    },
  );
}

export default fp(async function multipartPlugin(app: FastifyInstance) {
  publicBodies(app);
  await app.register(multipart, {
    attachFieldsToBody: true,
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 10,
      fields: 200,
      fieldSize: 10 * 1024,
      parts: 210,
      headerPairs: 200,
    },
  });
  app.addHook('preValidation', async (req) => {
    // A form post with no fields at all (e.g. "verify" without remarks) is an empty form.
    if (req.body == null && (req.method === 'POST' || req.method === 'PUT')) req.body = {};
    if (!req.isMultipart() || !req.body || typeof req.body !== 'object') return;
    const out: Record<string, unknown> = {};
    for (const [rawKey, entry] of Object.entries(req.body as Record<string, Part | Part[]>)) {
      const isArrayKey = rawKey.endsWith('[]');
      const key = isArrayKey ? rawKey.slice(0, -2) : rawKey;
      const parts = Array.isArray(entry) ? entry : [entry];
      // busboy cuts a text field at fieldSize and passes the rest on as if whole: refuse it, so
      // no cut value is ever validated or stored (found by the API fuzzing, issue 8 §3)
      if (parts.some((p) => p.type === 'field' && p.valueTruncated)) {
        throw AppError.validation({ [key]: ['validation.tooLong'] });
      }
      const values = parts.map(flatten).filter((v) => v !== undefined);
      if (values.length === 0) continue;
      out[key] = isArrayKey || values.length > 1 ? values : values[0];
    }
    req.body = out;
  });
});
