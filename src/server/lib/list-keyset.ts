/**
 * Keyset paging of the generic list (SPEC §3; lib/list.ts re-exports all of it): the sort's
 * ORDER BY with its tiebreak, the cursor's field in each row (SORT_VALUE), the seek past a
 * cursor as one or two btree ranges, and reading those ranges in turn. 400 `errors.badCursor`
 * for a cursor that does not suit the sort; `errors.unknownSort` for an undeclared column.
 */
import { asc, desc, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListCursor, ListQuery } from '../../shared/schemas/list.js';
import { AppError } from '../errors.js';
import type { ListSpec } from './list.js';
import { keysetSort } from './list-rank.js';

/** An AD calendar date as the lists take it ('YYYY-MM-DD'; digits already Latin). */
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The field every list row query selects besides its columns: the sort column's value as the
 * cursor carries it (numbers as numbers, booleans as 0/1, everything else as PostgreSQL's text
 * form, so a timestamp keeps its microseconds and the seek compares exactly). `pageOf` and
 * `listBatches` take it off before the rows are answered.
 */
export const SORT_VALUE = '_sortValue';

/** A raw list row: the tiebreak id and the sort value. */
export interface KeysetRow {
  id: number;
  [SORT_VALUE]: unknown;
}

function sortColumn(spec: ListSpec, sortBy: string): PgColumn {
  const col = Object.hasOwn(spec.sortable, sortBy) ? spec.sortable[sortBy] : undefined;
  if (!col) throw AppError.badRequest('errors.unknownSort', { key: sortBy });
  return col;
}

/** ORDER BY for `sortBy`/`descending`, then the tiebreak; 400 for an undeclared column. */
export function orderTerms(spec: ListSpec, q: Pick<ListQuery, 'sortBy' | 'descending'>): SQL[] {
  const col = sortColumn(spec, q.sortBy);
  const dir = q.descending ? desc : asc;
  return col === spec.tiebreak ? [dir(col)] : [dir(col), dir(spec.tiebreak)];
}

const TIMESTAMP_RE =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2}){0,2})?$/;

/** A real calendar date and time of day (so PostgreSQL's cast cannot fail with a 500). */
function validParts(y: number, m: number, d: number, hh = 0, mm = 0, ss = 0): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1 || hh > 23 || mm > 59 || ss > 59) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

type ColumnKind = 'id' | 'number' | 'boolean' | 'date' | 'timestamp' | 'text';

function kindOf(col: PgColumn, tiebreak: PgColumn): ColumnKind {
  if (col === tiebreak) return 'id';
  if (col.dataType === 'number') return 'number';
  if (col.dataType === 'boolean') return 'boolean';
  if (col.columnType === 'PgDateString' || col.columnType === 'PgDate') return 'date';
  if (col.columnType === 'PgTimestamp' || col.columnType === 'PgTimestampString') {
    return 'timestamp';
  }
  return 'text';
}

/**
 * How a value enters a list's SQL: as a bound parameter (`bindValue`), or as a placeholder of a
 * prepared statement whose value is recorded for its execution (`preparedListPlan`).
 */
export type Bind = (v: unknown) => SQL;
const bindValue: Bind = (v) => sql`${v}`;

/** The cursor's value as a SQL parameter of the column's type; null when it does not fit. */
function cursorParam(
  col: PgColumn,
  kind: ColumnKind,
  v: string | number,
  bind: Bind = bindValue,
): SQL | null {
  switch (kind) {
    case 'id':
      return typeof v === 'number' && Number.isInteger(v) ? bind(v) : null;
    case 'number':
      return typeof v === 'number' ? bind(v) : null;
    case 'boolean':
      return v === 0 || v === 1 ? bind(v === 1) : null;
    case 'date': {
      if (typeof v !== 'string' || !DATE_RE.test(v)) return null;
      const [y, m, d] = v.split('-').map(Number);
      return validParts(y, m, d) ? sql`${bind(v)}::date` : null;
    }
    case 'timestamp': {
      const p = typeof v === 'string' ? TIMESTAMP_RE.exec(v) : null;
      if (!p || !validParts(+p[1], +p[2], +p[3], +p[4], +p[5], +p[6])) return null;
      const type = (col as PgColumn & { withTimezone?: boolean }).withTimezone
        ? sql`timestamptz`
        : sql`timestamp`;
      return sql`${bind(v)}::${type}`;
    }
    case 'text':
      return typeof v === 'string' ? bind(v) : null;
  }
}

export function badCursor(): never {
  throw AppError.badRequest('errors.badCursor');
}

/**
 * The keyset of one sort: ORDER BY (column, id) in the asked direction (PostgreSQL's default
 * NULL placement: last ascending, first descending, which a plain btree index serves both
 * ways), the field to select for the cursor, and the WHERE that seeks past a cursor.
 */
export function keyset(spec: ListSpec, asked: Pick<ListQuery, 'sortBy' | 'descending'>) {
  const sort = keysetSort(spec, asked);
  const col = sortColumn(spec, sort.sortBy);
  const id = spec.tiebreak;
  const kind = kindOf(col, id);
  const desc = sort.descending;
  const nullable = kind !== 'id' && !col.notNull;
  const field =
    kind === 'id' || kind === 'number'
      ? col
      : kind === 'boolean'
        ? sql<number | null>`(${col})::int`
        : sql<string | null>`(${col})::text`;
  return {
    orderBy: orderTerms(spec, sort),
    /** spread into the select: `{ ...ks.select }` */
    select: { [SORT_VALUE]: field } as Record<typeof SORT_VALUE, SQL | PgColumn>,
    /**
     * Rows strictly after `cur` in this order, as one or two conditions to read one after the
     * other (`fetchSegments`): each is a single btree range on (col, id) — a row comparison
     * `(col, id) < (v, id)` (or `>`), or a `col IS [NOT] NULL` section — because an OR of the
     * two (e.g. "after v, or NULL") is no index range and would scan every row before the
     * cursor. 400 when the cursor's value does not suit the column (another sort's cursor, a
     * NULL for a NOT NULL column, a date that is not one).
     */
    seek(cur: ListCursor, bind: Bind = bindValue): SQL[] {
      if (kind === 'id') {
        if (cur.v !== cur.id) badCursor();
        return [desc ? lt(id, bind(cur.id)) : gt(id, bind(cur.id))];
      }
      if (cur.v === null) {
        if (!nullable) badCursor();
        // inside the NULLs, which come last ascending and first descending
        return desc
          ? [sql`(${col} is null and ${id} < ${bind(cur.id)})`, sql`${col} is not null`]
          : [sql`(${col} is null and ${id} > ${bind(cur.id)})`];
      }
      const v = cursorParam(col, kind, cur.v, bind);
      if (!v) badCursor();
      if (desc) return [sql`(${col}, ${id}) < (${v}, ${bind(cur.id)})`];
      const after = sql`(${col}, ${id}) > (${v}, ${bind(cur.id)})`;
      // ascending, the NULLs still follow every value
      return nullable ? [after, sql`${col} is null`] : [after];
    },
    /** The cursor values after `row` (a raw row with SORT_VALUE). */
    after(row: KeysetRow): ListCursor {
      const raw = row[SORT_VALUE];
      const v =
        raw === null || raw === undefined
          ? null
          : typeof raw === 'number'
            ? raw
            : typeof raw === 'boolean'
              ? Number(raw)
              : String(raw);
      return { v, id: Number(row.id) };
    },
  };
}

/** A raw row without the cursor's field. */
export function withoutSortValue<R extends KeysetRow>(row: R): Omit<R, typeof SORT_VALUE> {
  const { [SORT_VALUE]: _drop, ...rest } = row;
  return rest;
}

/**
 * Reads up to `limit` rows through the seek's segments in order (one query, or a second one
 * when the first ran out); `run` gets the segment's condition and how many rows are still
 * wanted. Without segments (no cursor) it is one call with no condition.
 */
export async function fetchSegments<R>(
  segments: SQL[] | undefined,
  limit: number,
  run: (seek: SQL | undefined, limit: number) => Promise<R[]>,
): Promise<R[]> {
  if (!segments) return run(undefined, limit);
  const out: R[] = [];
  for (const seg of segments) {
    out.push(...(await run(seg, limit - out.length)));
    if (out.length >= limit) break;
  }
  return out;
}
