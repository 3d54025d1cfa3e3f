/**
 * Prepared list queries (issue 18 §2): a list's query is built by Drizzle once per shape
 * (filters, sort, cursor and scope as placeholders) and run from then on with only its values,
 * since building the SQL on every request was ~20% of the server's busy time under load. The
 * filters are validated exactly as lib/list.ts `filterTerms` does, the keyset and the bounded
 * count are lib/list.ts's. A search of a words column (the applications' `q`) is prepared too,
 * per shape: the number of its spellings and how its words are matched; the tsquery texts and
 * the rank's patterns are its values (issue 18 §1, §3: building a search's SQL was 16% of the
 * server's busy time under search load, docs/performance.md). A substring search (the other
 * lists' `q`) and custom filters keep the per-request path of lib/list.ts.
 */
import { createHash } from 'node:crypto';
import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { toLatinDigits } from '../../shared/format.js';
import {
  decodeListCursor,
  encodeListCursor,
  MAX_LIST_OFFSET,
  type ListQuery,
} from '../../shared/schemas/list.js';
import type { Db } from '../db/client.js';
import { namedOnPglite } from '../db/pglite-named.js';
import { withFlatRows } from '../db/row-mapper.js';
import { AppError } from '../errors.js';
import {
  badCursor,
  badValue,
  DATE_RE,
  fetchSegments,
  filterTerms,
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
import {
  hasWordsSearch,
  isSearch,
  rankedFilter,
  rankedMatchesCap,
  rankedOffset,
  rankedSearch,
  searchCountSql,
} from './list-rank.js';
import {
  MAX_SEARCH_LENGTH,
  relevanceRank,
  searchText,
  singleWord,
  wordsCondition,
  type WordsMode,
} from './search.js';
import { isCommonWord } from './word-stats.js';
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
 * connection; on PGlite, an SQL-level prepared statement of that name (db/pglite-named.ts),
 * parsed and planned once per instance. Issue 18 §2: building the list's SQL on every request
 * was ~20% of the server's busy time under load.
 *
 * `planEach`: built once all the same, but sent unnamed, so that PostgreSQL plans it for each
 * execution with its values (on PGlite: prepared as `c_` + the hash, and executed with a custom
 * plan). For a statement whose best plan depends on how many rows its values match: a named
 * one may be given a generic plan, made without the values, from its sixth execution on
 * (PostgreSQL 15 documentation, PREPARE, "Notes"), and kept.
 */
export function preparedQuery<R>(
  db: Db,
  key: string,
  build: () => Preparable<R>,
  planEach = false,
): PreparedRows<R> {
  let shapes = preparedByDb.get(db);
  if (!shapes) preparedByDb.set(db, (shapes = new Map()));
  const cacheKey = planEach ? `each|${key}` : key;
  const hit = shapes.get(cacheKey);
  if (hit) return hit as PreparedRows<R>;
  const q = build();
  if (shapes.size >= MAX_PREPARED) return withFlatRows(q.prepare(''));
  const hash = createHash('sha1').update(q.toSQL().sql).digest('hex').slice(0, 24);
  // On PGlite a `planEach` statement is prepared too, and planned with its values each time.
  // Its rows are mapped by a function made once (db/row-mapper.ts).
  const prepared = withFlatRows(
    planEach
      ? namedOnPglite(q.prepare(''), `c_${hash}`, 'custom')
      : namedOnPglite(q.prepare(`q_${hash}`), `q_${hash}`),
  );
  shapes.set(cacheKey, prepared as PreparedRows<unknown>);
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
 * (400 naming the key); null when a non-empty filter is of a kind that is not prepared (a
 * substring search and custom conditions keep `listPlan`'s per-request SQL). A words search is
 * written as `words` says (lib/search.ts WordsMode), its tsquery text the value: `fx_<key>` with
 * its last word whole (`exact`), so that one statement can hold both; no word at all is `false`.
 */
export function preparedFilterTerms(
  spec: ListSpec,
  filters: Record<string, unknown>,
  words: WordsMode = 'match',
): PreparedTerms | null {
  const keys: string[] = [];
  const terms: SQL[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(filters)) {
    const def = Object.hasOwn(spec.filters, key) ? spec.filters[key] : undefined;
    if (!def) throw AppError.badRequest('errors.unknownFilter', { key });
    if (isEmpty(raw)) continue;
    const ph = sql.placeholder(`f_${key}`);
    if (def.kind === 'search' && def.rank?.words) {
      if (typeof raw !== 'string' && typeof raw !== 'number') badValue(key);
      const q = searchText(raw);
      if (q.length > MAX_SEARCH_LENGTH) badValue(key);
      if (!q) continue;
      const name = words === 'exact' ? `fx_${key}` : `f_${key}`;
      let bound = false;
      terms.push(
        wordsCondition(def.rank.words, q, words, (text) => {
          values[name] = text;
          bound = true;
          return sql.placeholder(name);
        }),
      );
      // a text without a word is `false` (no placeholder): its own shape
      keys.push(`${key}:${bound ? words : 'none'}`);
      continue;
    }
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
 * What a guarded request's page is checked with (plugins/auth.ts SessionGuard): the
 * placeholder values of the check, a test of the page's raw rows, and the check itself for a
 * search's count (`session`, the check as SQL with those placeholders).
 */
export interface PreparedGuard {
  values: Record<string, unknown>;
  ok(raw: readonly object[]): boolean;
  session?: SQL<boolean>;
}

/**
 * `listPlan` as prepared statements, for lists whose filters `preparedFilterTerms` takes (else
 * null: use `listPlan`). `base` is the list's fixed conditions with their own placeholders
 * (e.g. the actor's scope) and `shape` names everything else that shapes the row query (the
 * list, the columns selected). `inlineBase`, the same conditions with their values, is what a
 * search's common word is estimated with (lib/word-stats.ts isCommonWord: an EXPLAIN, which
 * takes no placeholders); without it such a word is counted. The same answers and the same
 * 400s as `listPlan().page`.
 */
export function preparedListPlan(
  spec: ListSpec,
  q: ListQuery,
  base: PreparedTerms,
  shape: string,
  inlineBase?: (SQL | undefined)[],
) {
  const searching = isSearch(spec, q);
  if (searching && !hasWordsSearch(spec)) return null;
  const filters = preparedFilterTerms(spec, q.filters);
  if (!filters) return null;
  const ks = keyset(spec, q);
  const values: Record<string, unknown> = { ...base.values, ...filters.values };
  let n = 0;
  const bind: Bind = (v) => {
    values[`k${n}`] = v;
    return sql`${sql.placeholder(`k${n++}`)}`;
  };
  // A ranked search's order (lib/list-rank.ts relevanceOf): its texts as placeholders `r<i>`.
  const ranking = searching ? rankedSearch(spec, q) : undefined;
  let r = 0;
  const rank =
    ranking &&
    relevanceRank(ranking.rank, ranking.variants, (text) => {
      values[`r${r}`] = text;
      return sql.placeholder(`r${r++}`);
    });
  let segments: SQL[] | undefined;
  let cursorShape = '-';
  /** the offset of a ranked page asked for by its cursor ('@50') */
  let rankedAt: number | undefined;
  if (q.cursor !== undefined) {
    const cur = decodeListCursor(q.cursor);
    if (!cur) badCursor();
    rankedAt = rank ? rankedOffset(cur) : undefined;
    if (rankedAt === undefined) {
      segments = ks.seek(cur, bind);
      cursorShape = cur.v === null ? 'null' : 'v';
    }
  }
  const offset = segments ? 0 : (rankedAt ?? (q.page - 1) * q.rowsPerPage);
  if (offset > MAX_LIST_OFFSET) throw AppError.badRequest('errors.pageTooDeep');
  const where = and(...base.terms, ...filters.terms);
  const rankShape = ranking ? `r${ranking.variants.length}` : '-';
  const key = `${shape}|${base.key}|${filters.key}|${q.sortBy}|${q.descending}|${cursorShape}|${rankShape}`;
  const countKey = `${shape}|${base.key}|${filters.key}`;
  const matchKey = filters.key;

  /**
   * Keyset (or OFFSET) pages of `pageWhere` in the asked order: lib/list.ts fetchSegments;
   * `planEach` as for preparedQuery.
   */
  async function keysetRows<R extends KeysetRow>(
    db: Db,
    rows: (where: SQL | undefined) => OrderableRows<R>,
    pageWhere: SQL | undefined,
    pageKey: string,
    run: Record<string, unknown>,
    planEach = false,
  ) {
    return fetchSegments(segments, q.rowsPerPage + 1, async (seek, limit) => {
      const seg = seek ? segments!.indexOf(seek) : -1;
      const prepared = preparedQuery(
        db,
        `${pageKey}|${seg}`,
        () =>
          rows(and(pageWhere, seek))
            .orderBy(...ks.orderBy)
            .limit(sql.placeholder('limit') as unknown as number)
            .offset(sql.placeholder('offset') as unknown as number) as unknown as Preparable<R>,
        planEach,
      );
      return prepared.execute({ ...run, limit });
    });
  }

  /**
   * A search's page (lib/list.ts listPlan `page`, prepared): counted first, as searchCount does
   * (a common word from the statistics, else up to the cap through the words index); few
   * matches are read among their ids and ranked, more in the asked order. Null when a guard's
   * check fails or no statement could tell (no count ran and no rows).
   */
  async function searchPage<R extends KeysetRow>(
    db: Db,
    rows: (where: SQL | undefined) => OrderableRows<R>,
    countRows: (where: SQL | undefined) => PgSelect,
    guard?: PreparedGuard,
  ) {
    const cap = rankedMatchesCap();
    const run: Record<string, unknown> = { ...values, ...guard?.values, offset };
    const few = preparedFilterTerms(spec, q.filters, 'few')!;
    const exact = preparedFilterTerms(spec, q.filters, 'exact')!;
    Object.assign(run, exact.values);
    const exactWhere = and(...base.terms, ...exact.terms);
    let counted: { total: number; totalCapped: boolean };
    let sessionStands: boolean | undefined;
    if (await commonWord(db, countRows, cap)) counted = { total: cap, totalCapped: true };
    else {
      const session = guard?.session;
      const count = preparedQuery<{ n: number; session?: boolean }>(
        db,
        `search-count|${countKey}|${exact.key}|${session ? 'guarded' : ''}`,
        () => {
          const body = searchCountSql(
            countRows(where),
            countRows(exactWhere),
            session,
            sql.placeholder('cap'),
            sql.placeholder('over'),
          );
          const fields: Record<string, SQL> = { n: sql<number>`c.n` };
          if (session) fields.session = sql<boolean>`c.session`;
          return db.select(fields).from(sql`(${body}) c`) as unknown as Preparable<{
            n: number;
            session?: boolean;
          }>;
        },
      );
      const [row] = await count.execute({ ...run, cap, over: cap + 1 });
      const n = Number(row.n);
      counted = { total: Math.min(n, cap), totalCapped: n > cap };
      if (session) sessionStands = row.session === true;
      if (sessionStands === false) return null;
    }
    const fewMatches = !counted.totalCapped;
    const pageWhere = fewMatches ? and(...base.terms, ...few.terms) : where;
    const pageKey = `${key}|${fewMatches ? few.key : matchKey}`;
    const ranked =
      rank !== undefined && (rankedAt !== undefined || (fewMatches && counted.total <= cap));
    const raw: R[] = ranked
      ? await preparedQuery(
          db,
          `ranked|${pageKey}`,
          () =>
            rows(pageWhere)
              .orderBy(asc(rank), ...ks.orderBy)
              .limit(sql.placeholder('limit') as unknown as number)
              .offset(sql.placeholder('offset') as unknown as number) as unknown as Preparable<R>,
        ).execute({ ...run, ...few.values, limit: q.rowsPerPage + 1 })
      : // Many matches, in the asked order: planned for each search, since its plan depends on
        // how many rows the words match, which a generic plan cannot know. With 27,000 matches
        // at 1M the custom plan walks the primary key for 26 of them (0.4 ms); the generic one,
        // which supposes 0.5% and a LIMIT of 10% of that, read all of them and sorted (190 ms;
        // docs/decisions.md "The applications' search prepared per shape").
        await keysetRows(db, rows, pageWhere, pageKey, { ...run, ...few.values }, !fewMatches);
    // Answered only if every check that ran (the count; the page, when it has rows) found the
    // session as remembered, and one did.
    if (guard) {
      const checks = [raw.length ? guard.ok(raw) : undefined, sessionStands];
      if (!checks.some((c) => c !== undefined) || checks.includes(false)) return null;
    }
    const more = raw.length > q.rowsPerPage;
    const kept = more ? raw.slice(0, q.rowsPerPage) : raw;
    const last = kept[kept.length - 1];
    return {
      rows: kept.map(withoutSortValue),
      meta: {
        ...counted,
        nextCursor: !more
          ? null
          : encodeListCursor(
              ranked ? { v: `@${offset + q.rowsPerPage}`, id: Number(last.id) } : ks.after(last),
            ),
      },
    };
  }

  /**
   * True when the search is one word that the statistics show common (lib/list-rank.ts
   * searchCount): estimated with `inlineBase` and the word whole, built only when the word's
   * own statistics already say so.
   */
  async function commonWord(
    db: Db,
    countRows: (where: SQL | undefined) => PgSelect,
    cap: number,
  ): Promise<boolean> {
    const ranked = rankedFilter(spec);
    const stats = ranked?.rank.words?.statistics;
    const raw = ranked && Object.hasOwn(q.filters, ranked.key) ? q.filters[ranked.key] : undefined;
    if (!stats || !inlineBase || (typeof raw !== 'string' && typeof raw !== 'number')) return false;
    const word = singleWord(searchText(raw));
    if (word === null) return false;
    return isCommonWord(
      db,
      stats,
      word,
      () => countRows(and(...inlineBase, ...filterTerms(spec, q.filters, 'exact'))),
      cap,
    );
  }

  return {
    /** the shape of the count: base and filters */
    countKey,
    where,
    values,
    /** the filters' parsed values by filter key (for a count from counters) */
    filterValues: Object.fromEntries(
      Object.entries(filters.values).map(([k, v]) => [k.slice(2), v]),
    ),
    /** true for a words search: `page` then needs its count as a function of the WHERE */
    searching,
    select: ks.select,
    /**
     * The page: `rows(where)` is the row query with that WHERE (placeholders in it), `count` the
     * prepared count of the list (`{ n }`, e.g. `preparedBoundedCount`), or the list's
     * FROM/WHERE selecting anything small as a function of the WHERE (a search's count, which
     * must be given so: `searching`). Answers as `listPlan().page`; with a `guard`, null when
     * its check fails (or, for a search, when no statement could tell), before anything else
     * is read.
     */
    async page<R extends KeysetRow>(
      db: Db,
      rows: (where: SQL | undefined) => OrderableRows<R>,
      count: PreparedRows<{ n: number }> | ((where: SQL | undefined) => PgSelect),
      guard?: PreparedGuard,
    ) {
      if (searching) {
        if (typeof count !== 'function') throw new TypeError('a search is counted by its WHERE');
        return searchPage(db, rows, count, guard);
      }
      const counter =
        typeof count === 'function'
          ? preparedBoundedCount(db, countKey, () => count(where))
          : count;
      const run = { ...values, ...guard?.values, limit: 0, offset };
      const raw = await keysetRows(db, rows, where, key, run);
      if (guard && !guard.ok(raw)) return null;
      const more = raw.length > q.rowsPerPage;
      const kept = more ? raw.slice(0, q.rowsPerPage) : raw;
      const cap = listCountCap();
      const [{ n }] = await counter.execute({ ...values, cap: cap + 1 });
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
