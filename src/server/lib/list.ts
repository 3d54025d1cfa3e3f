/**
 * The generic list query (SPEC §3 "Generic list query", §7; issue 3) as data: a list declares
 * the columns it may be sorted by and the filters it takes; this module turns a parsed
 * `listQuerySchema` into WHERE and ORDER BY, and answers 400 naming the key for anything
 * undeclared or malformed. Used by every generic resource and by the applications list.
 *
 * Filter kinds:
 * - `eq`      column = value, the value parsed by a zod schema (ids, enums, 0/1, booleans);
 * - `search`  the `q` text search: ILIKE '%q%' over several columns (OR);
 * - `from`/`to` an inclusive date range on a date column (AD 'YYYY-MM-DD') or on an instant
 *   column (the whole day in Nepal time, UTC+05:45).
 * An empty value ('' or null) means "no filter", so a cleared filter box needs no special case.
 */
import { and, asc, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { toLatinDigits } from '../../shared/format.js';
import type { ListQuery } from '../../shared/schemas/list.js';
import { AppError } from '../errors.js';

export type FilterDef =
  | { kind: 'eq'; column: PgColumn; value: z.ZodType }
  | { kind: 'search'; columns: PgColumn[] }
  | { kind: 'from' | 'to'; column: PgColumn; instant?: boolean }
  /** a condition that is not one column's (e.g. "expired" as of today); built per request */
  | { kind: 'custom'; value: z.ZodType; build: (value: never) => SQL };

export interface ListSpec {
  /** sortBy key → column or expression */
  sortable: Record<string, PgColumn>;
  /** filter key → how it filters */
  filters: Record<string, FilterDef>;
  /** last ORDER BY term, so pages are stable (the primary key) */
  tiebreak: PgColumn;
}

// ---------------------------------------------------------------- value schemas for `eq`

const digits = z.union([z.string(), z.number()]).transform((v) => toLatinDigits(String(v)).trim());

/** A positive id, number or numeric string. */
export const idValue = digits
  .pipe(z.string().regex(/^[1-9]\d{0,9}$/))
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
/** Record status 1/0. */
export const statusValue = digits.pipe(z.enum(['0', '1'])).transform(Number);
/** true/false, 1/0. */
export const boolValue = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);
export const enumValue = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);
/** Small integer (ward number, ward count). */
export const intValue = digits.pipe(z.string().regex(/^\d{1,6}$/)).transform(Number);

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

// ---------------------------------------------------------------- shortcuts for declarations

export const f = {
  eq: (column: PgColumn, value: z.ZodType = idValue): FilterDef => ({ kind: 'eq', column, value }),
  status: (column: PgColumn): FilterDef => ({ kind: 'eq', column, value: statusValue }),
  search: (...columns: PgColumn[]): FilterDef => ({ kind: 'search', columns }),
  custom: <T>(value: z.ZodType<T>, build: (value: T) => SQL): FilterDef => ({
    kind: 'custom',
    value,
    build: build as (value: never) => SQL,
  }),
  /** `<prefix>From` and `<prefix>To` over one column */
  range: (prefix: string, column: PgColumn, instant = false): Record<string, FilterDef> => ({
    [`${prefix}From`]: { kind: 'from', column, instant },
    [`${prefix}To`]: { kind: 'to', column, instant },
  }),
};

const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;

/** Escapes LIKE wildcards so `q` is matched literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Start of an AD calendar day in Nepal (UTC+05:45) as an instant. */
function nepalDayStart(d: string, plusDays = 0): Date {
  const t = new Date(`${d}T00:00:00+05:45`);
  t.setUTCDate(t.getUTCDate() + plusDays);
  return t;
}

function badValue(key: string): never {
  throw AppError.badRequest('errors.badFilter', { key });
}

/** WHERE terms for `filters` (already JSON-parsed); 400 naming the first bad key. */
export function filterTerms(spec: ListSpec, filters: Record<string, unknown>): SQL[] {
  const out: SQL[] = [];
  for (const [key, raw] of Object.entries(filters)) {
    const def = Object.hasOwn(spec.filters, key) ? spec.filters[key] : undefined;
    if (!def) throw AppError.badRequest('errors.unknownFilter', { key });
    if (isEmpty(raw)) continue;
    switch (def.kind) {
      case 'eq': {
        const parsed = def.value.safeParse(raw);
        if (!parsed.success) badValue(key);
        out.push(eq(def.column, parsed.data));
        break;
      }
      case 'search': {
        if (typeof raw !== 'string' && typeof raw !== 'number') badValue(key);
        const q = String(raw).trim();
        if (q.length > 100) badValue(key);
        if (!q) break;
        const like = likePattern(q);
        out.push(or(...def.columns.map((c) => ilike(c, like)))!);
        break;
      }
      case 'custom': {
        const parsed = def.value.safeParse(raw);
        if (!parsed.success) badValue(key);
        out.push(def.build(parsed.data as never));
        break;
      }
      case 'from':
      case 'to': {
        const d = typeof raw === 'string' ? toLatinDigits(raw).trim() : '';
        if (!DATE_RE.test(d) || Number.isNaN(Date.parse(d))) badValue(key);
        if (def.instant) {
          out.push(
            def.kind === 'from'
              ? gte(def.column, nepalDayStart(d))
              : lt(def.column, nepalDayStart(d, 1)),
          );
        } else {
          out.push(def.kind === 'from' ? gte(def.column, d) : lte(def.column, d));
        }
        break;
      }
    }
  }
  return out;
}

/** ORDER BY for `sortBy`/`descending`, then the tiebreak; 400 for an undeclared column. */
export function orderTerms(spec: ListSpec, q: Pick<ListQuery, 'sortBy' | 'descending'>): SQL[] {
  const col = Object.hasOwn(spec.sortable, q.sortBy) ? spec.sortable[q.sortBy] : undefined;
  if (!col) throw AppError.badRequest('errors.unknownSort', { key: q.sortBy });
  const dir = q.descending ? desc : asc;
  return [dir(col), dir(spec.tiebreak)];
}

/** Both, plus the page window. */
export function listPlan(spec: ListSpec, q: ListQuery, base: (SQL | undefined)[] = []) {
  const where = and(...base, ...filterTerms(spec, q.filters));
  return {
    where,
    orderBy: orderTerms(spec, q),
    limit: q.rowsPerPage,
    offset: (q.page - 1) * q.rowsPerPage,
  };
}
