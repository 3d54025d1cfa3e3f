/**
 * Multipart bodies (SPEC §7 sends every form as multipart/form-data). Limits are explicit
 * (DESIGN.md §10): 5 MiB per file, 10 files, 200 fields of at most 10 KiB. After parsing, the
 * body is flattened to plain values so the route's zod schema sees what it would see for
 * JSON: text fields as strings, repeated keys or `key[]` as arrays, files as UploadedFile.
 * An empty file input (no file chosen) is dropped; a text field over 10 KiB is a 422 on that
 * field (busboy would pass it on cut short).
 */
import type { FastifyInstance } from 'fastify';
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

export default fp(async function multipartPlugin(app: FastifyInstance) {
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
