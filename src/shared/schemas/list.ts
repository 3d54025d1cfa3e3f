/**
 * The generic list query of SPEC §3/§7: page, rowsPerPage (default 25), sortBy (default id),
 * descending (default true), filters (JSON object). `rowsNumber` is accepted and ignored
 * (the client echoes the total back). At most 100 rows a page (issue 3).
 *
 * Deep pages (issue 8 §1: "a deep page as fast as page 1"): every list answers
 * `meta.nextCursor`, an opaque keyset cursor (the sort value and id of the page's last row);
 * sending it back as `cursor` fetches the next page by seeking, whatever its depth, and `page`
 * is then only informative. Without a cursor a page is an OFFSET, allowed only up to
 * MAX_LIST_OFFSET rows. `meta.total` is a bounded count: at most MAX_LIST_COUNT, with
 * `meta.totalCapped` true when more rows match (the screen shows "10,000+").
 */
import { z } from 'zod';
import { MAX_CURSOR_LENGTH, MAX_LIST_COUNT, MAX_LIST_OFFSET } from '../list-limits.js';

export { MAX_CURSOR_LENGTH, MAX_LIST_COUNT, MAX_LIST_OFFSET };

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(25),
  rowsNumber: z.coerce.number().int().min(0).optional(),
  sortBy: z.string().max(40).default('id'),
  descending: bool.default(true),
  filters: z
    .string()
    .max(2000)
    .optional()
    .transform((s, ctx) => {
      if (!s) return {} as Record<string, unknown>;
      try {
        const v: unknown = JSON.parse(s);
        if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'validation.filters' });
      return z.NEVER;
    }),
  /** `meta.nextCursor` of the previous page (opaque); checked by the server, 400 if bad */
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
  lang: z.enum(['en-US', 'ne']).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export const listMetaSchema = z.object({
  /** matching rows, at most MAX_LIST_COUNT (a search: at most 500, server lib/list-rank.ts) */
  total: z.number().int(),
  /** more rows match than were counted: total is then a lower bound ("10,000+", "500+") */
  totalCapped: z.boolean(),
  /** send as `cursor` for the page after this one; null on the last page */
  nextCursor: z.string().nullable(),
});
export type ListMeta = z.output<typeof listMetaSchema>;

/** What a cursor holds: the sort column's value and the id of the last row of a page. */
export interface ListCursor {
  v: string | number | null;
  id: number;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** base64url (no padding) of UTF-8 text; works in Node 20 and browsers (btoa/atob). */
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  // fatal: bytes that are not UTF-8 make the cursor malformed rather than a � value
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The opaque cursor for `values` (base64url of the JSON pair [v, id]). */
export function encodeListCursor(values: ListCursor): string {
  return toBase64Url(JSON.stringify([values.v, values.id]));
}

/**
 * The values of a cursor, or null for anything malformed (not base64url, not UTF-8 JSON, not
 * a [string|finite number|null, positive int32 id] pair, too long). Whether `v` suits the
 * list's sort column is checked by the server (lib/list.ts).
 */
export function decodeListCursor(s: unknown): ListCursor | null {
  if (typeof s !== 'string' || s.length > MAX_CURSOR_LENGTH || !B64URL.test(s)) return null;
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(s));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [v, id] = parsed as unknown[];
    if (!(v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
      return null;
    }
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
      return null;
    }
    return { v, id };
  } catch {
    return null;
  }
}
