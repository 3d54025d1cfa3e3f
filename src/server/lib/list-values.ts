/**
 * How a list declares its filters (lib/list.ts ListSpec): the value schemas of `eq` filters
 * (numbers typed in Devanagari or Latin digits) and the shortcuts `f.eq`, `f.search`, … used in
 * every list's declaration. Re-exported by lib/list.ts.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { toLatinDigits } from '../../shared/format.js';
import type { FilterDef } from './list.js';
import type { SearchRank } from './search.js';

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

// ---------------------------------------------------------------- shortcuts for declarations

export const f = {
  eq: (column: PgColumn, value: z.ZodType = idValue): FilterDef => ({ kind: 'eq', column, value }),
  status: (column: PgColumn): FilterDef => ({ kind: 'eq', column, value: statusValue }),
  search: (...columns: PgColumn[]): FilterDef => ({ kind: 'search', columns }),
  /** a search over `rank.names` and `rank.numbers` that the list may order by relevance */
  rankedSearch: (rank: SearchRank): FilterDef => ({
    kind: 'search',
    columns: [...rank.names, ...rank.numbers],
    rank,
  }),
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
