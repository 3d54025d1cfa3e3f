/**
 * Prepared list queries (issue 18 §2): a list's query is built by Drizzle once per shape
 * (filters, sort, cursor and scope as placeholders) and run from then on with only its values,
 * since building the SQL on every request was ~20% of the server's busy time under load. The
 * filters are validated exactly as lib/list.ts `filterTerms` does, the keyset and the bounded
 * count are lib/list.ts's; the text search (`q`) keeps the per-request path of lib/list.ts.
 */
import { createHash } from 'node:crypto';
import { and, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { toLatinDigits } from '../../shared/format.js';
import {
  decodeListCursor,
  encodeListCursor,
  MAX_LIST_OFFSET,
  type ListQuery,
} from '../../shared/schemas/list.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import {
  badCursor,
  badValue,
  DATE_RE,
  fetchSegments,
  isEmpty,
  keyset,
  listCountCap,
  nepalDayStart,
  withoutSortValue,
  type Bind,
  type KeysetRow,
  type ListSpec,
  type OrderableRows,
} from './list.js';
// ---------------------------------------------------------------- prepared pages (issue 18 §2)

/** A query Drizzle has built once: `execute` fills its placeholders and runs it. */
export interface PreparedRows<R> {
  execute(values?: Record<string, unknown>): Promise<R[]>;
}

/** What `preparedQuery` takes: a Drizzle query with placeholders, not yet run. */
interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string): PreparedRows<R>;
}

/** Shapes kept per database handle; past this many, a new shape is built each time. */
const MAX_PREPARED = 500;
const preparedByDb = new WeakMap<object, Map<string, PreparedRows<unknown>>>();

/**
 * The query `build()` makes, built by Drizzle once per database handle and `key` (the query's
 * shape: everything that changes its SQL text, never a value) and run from then on with only
 * its placeholders filled. On PostgreSQL it is a named statement (`q_` + a hash of its text, so
 * one text always has one name), which the driver parses and PostgreSQL plans once per
 * connection. Issue 18 §2: building the list's SQL on every request was ~20% of the server's
 * busy time under load.
 */
export function preparedQuery<R>(db: Db, key: string, build: () => Preparable<R>): PreparedRows<R> {
  let shapes = preparedByDb.get(db);
  if (!shapes) preparedByDb.set(db, (shapes = new Map()));
  const hit = shapes.get(key);
  if (hit) return hit as PreparedRows<R>;
  const q = build();
  if (shapes.size >= MAX_PREPARED) return q.prepare('');
  const name = `q_${createHash('sha1').update(q.toSQL().sql).digest('hex').slice(0, 24)}`;
  const prepared = q.prepare(name);
  shapes.set(key, prepared as PreparedRows<unknown>);
  return prepared;
}

/** WHERE terms with placeholders, the values to fill them with, and their shape's key. */
export interface PreparedTerms {
  key: string;
  terms: (SQL | undefined)[];
  values: Record<string, unknown>;
}

/**
 * The filters of `filters` as placeholders (`f_<key>`), validated exactly like `filterTerms`
 * (400 naming the key); null when a non-empty filter is of a kind that is not prepared (the
 * text search and custom conditions keep `listPlan`'s per-request SQL).
 */
export function preparedFilterTerms(
  spec: ListSpec,
  filters: Record<string, unknown>,
): PreparedTerms | null {
  const keys: string[] = [];
  const terms: SQL[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(filters)) {
    const def = Object.hasOwn(spec.filters, key) ? spec.filters[key] : undefined;
    if (!def) throw AppError.badRequest('errors.unknownFilter', { key });
    if (isEmpty(raw)) continue;
    const ph = sql.placeholder(`f_${key}`);
    if (def.kind === 'eq') {
      const parsed = def.value.safeParse(raw);
      if (!parsed.success) badValue(key);
      values[`f_${key}`] = parsed.data;
      terms.push(sql`${def.column} = ${ph}`);
    } else if (def.kind === 'from' || def.kind === 'to') {
      const d = typeof raw === 'string' ? toLatinDigits(raw).trim() : '';
      if (!DATE_RE.test(d) || Number.isNaN(Date.parse(d))) badValue(key);
      if (def.instant) {
        const at = def.kind === 'from' ? nepalDayStart(d) : nepalDayStart(d, 1);
        values[`f_${key}`] = at.toISOString();
        terms.push(
          def.kind === 'from'
            ? sql`${def.column} >= ${ph}::timestamptz`
            : sql`${def.column} < ${ph}::timestamptz`,
        );
      } else {
        values[`f_${key}`] = d;
        terms.push(
          def.kind === 'from'
            ? sql`${def.column} >= ${ph}::date`
            : sql`${def.column} <= ${ph}::date`,
        );
      }
    } else return null;
    keys.push(key);
  }
  return { key: keys.join(','), terms, values };
}

/**
 * `listPlan` as prepared statements, for lists whose filters `preparedFilterTerms` takes (else
 * null: use `listPlan`). `base` is the list's fixed conditions with their own placeholders
 * (e.g. the actor's scope) and `shape` names everything else that shapes the row query (the
 * list, the columns selected). The same answers and the same 400s as `listPlan().page`.
 */
export function preparedListPlan(spec: ListSpec, q: ListQuery, base: PreparedTerms, shape: string) {
  const filters = preparedFilterTerms(spec, q.filters);
  if (!filters) return null;
  const ks = keyset(spec, q);
  const values: Record<string, unknown> = { ...base.values, ...filters.values };
  let n = 0;
  const bind: Bind = (v) => {
    values[`k${n}`] = v;
    return sql`${sql.placeholder(`k${n++}`)}`;
  };
  let segments: SQL[] | undefined;
  let cursorShape = '-';
  if (q.cursor !== undefined) {
    const cur = decodeListCursor(q.cursor);
    if (!cur) badCursor();
    segments = ks.seek(cur, bind);
    cursorShape = cur.v === null ? 'null' : 'v';
  }
  const offset = segments ? 0 : (q.page - 1) * q.rowsPerPage;
  if (offset > MAX_LIST_OFFSET) throw AppError.badRequest('errors.pageTooDeep');
  const where = and(...base.terms, ...filters.terms);
  const key = `${shape}|${base.key}|${filters.key}|${q.sortBy}|${q.descending}|${cursorShape}`;
  return {
    /** the shape of the count: base and filters */
    countKey: `${shape}|${base.key}|${filters.key}`,
    where,
    values,
    /** the filters' parsed values by filter key (for a count from counters) */
    filterValues: Object.fromEntries(
      Object.entries(filters.values).map(([k, v]) => [k.slice(2), v]),
    ),
    select: ks.select,
    /**
     * The page: `rows(where)` is the row query with that WHERE (placeholders in it), `count` the
     * prepared count of the list (`{ n }`, e.g. `preparedBoundedCount`). Answers as
     * `listPlan().page`; with a `guard` (placeholder values the row query also takes, and a test
     * of its raw rows), null when the test fails, before anything else is read.
     */
    async page<R extends KeysetRow>(
      db: Db,
      rows: (where: SQL | undefined) => OrderableRows<R>,
      count: PreparedRows<{ n: number }>,
      guard?: { values: Record<string, unknown>; ok(raw: readonly object[]): boolean },
    ) {
      const run = { ...values, ...guard?.values, limit: 0, offset };
      const raw = await fetchSegments(segments, q.rowsPerPage + 1, async (seek, limit) => {
        const seg = seek ? segments!.indexOf(seek) : -1;
        const prepared = preparedQuery(
          db,
          `${key}|${seg}`,
          () =>
            rows(and(where, seek))
              .orderBy(...ks.orderBy)
              .limit(sql.placeholder('limit') as unknown as number)
              .offset(sql.placeholder('offset') as unknown as number) as unknown as Preparable<R>,
        );
        return prepared.execute({ ...run, limit });
      });
      if (guard && !guard.ok(raw)) return null;
      const more = raw.length > q.rowsPerPage;
      const kept = more ? raw.slice(0, q.rowsPerPage) : raw;
      const cap = listCountCap();
      const [{ n }] = await count.execute({ ...values, cap: cap + 1 });
      return {
        rows: kept.map(withoutSortValue),
        meta: {
          total: Math.min(n, cap),
          totalCapped: n > cap,
          nextCursor: more ? encodeListCursor(ks.after(kept[kept.length - 1])) : null,
        },
      };
    },
  };
}

/**
 * The prepared bounded count (`boundedTotal`) of `rows()` (FROM/JOIN/WHERE selecting anything
 * small, with the plan's placeholders; called only when the shape is new): `{ n }`, at most
 * the `cap` placeholder's value.
 */
export function preparedBoundedCount(db: Db, key: string, rows: () => PgSelect) {
  return preparedQuery<{ n: number }>(db, `count|${key}`, () => {
    const sub = rows()
      .limit(sql.placeholder('cap') as unknown as number)
      .as('bounded_rows');
    return db.select({ n: sql<number>`count(*)::int` }).from(sub) as unknown as Preparable<{
      n: number;
    }>;
  });
}
