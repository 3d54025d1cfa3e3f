/**
 * The generic list query (SPEC §3 "Generic list query", §7; issue 3) as data: a list declares
 * the columns it may be sorted by and the filters it takes; this module turns a parsed
 * `listQuerySchema` into WHERE and ORDER BY, and answers 400 naming the key for anything
 * undeclared or malformed. Used by every generic resource and by the applications list.
 *
 * Filter kinds:
 * - `eq`      column = value, the value parsed by a zod schema (ids, enums, 0/1, booleans);
 * - `search`  the `q` text search (lib/search.ts): ILIKE '%q%' over several columns (OR), in each
 *             spelling of q (NFC/NFD, Latin/Devanagari digits), or, when its rank names a
 *             `words` column, the words of q in that tsvector (wordsCondition); a `rank` makes
 *             it a ranked search (below);
 * - `from`/`to` an inclusive date range on a date column (AD 'YYYY-MM-DD') or on an instant
 *   column (the whole day in Nepal time, UTC+05:45).
 * An empty value ('' or null) means "no filter", so a cleared filter box needs no special case.
 *
 * Paging (issue 8 §1, docs/decisions.md "Keyset pages and a bounded count"): a page after the
 * first is fetched by seeking past the previous page's last (sort value, id) — the `cursor` —
 * so a deep page costs what page 1 costs; a page without a cursor is an OFFSET of at most
 * MAX_LIST_OFFSET rows; meta.total counts at most MAX_LIST_COUNT rows (`boundedTotal`).
 *
 * Relevance (issue 18 §1, docs/decisions.md "Search"): a list whose `q` filter has a `rank`
 * takes `sortBy: 'relevance'`, and a search with the default sort (id, descending) is ordered
 * by relevance too: rank (lib/search.ts relevanceRank), newest first within a rank. Ranking
 * sorts every match, so it is done only when at most MAX_RANKED_MATCHES rows match; a query
 * matching more is listed newest first (keyset pages, as without q). Ranked pages are OFFSET
 * pages: their `nextCursor` carries the next offset ('@50'), within MAX_LIST_OFFSET.
 *
 * A search's count (issue 18 §3: search p99 ≤ 50 ms at 100k) reads at most MAX_RANKED_MATCHES
 * + 1 matches (`searchTotal`): each match costs a heap visit (~5 µs), so a search's meta.total
 * is at most MAX_RANKED_MATCHES, with totalCapped ("500+") when more match. A search counts
 * first: with few matches its page is read among them (a words search: their ids, one InitPlan
 * through the GIN index; docs/decisions.md "Search by words"), with more through the order's
 * index.
 */
import { and, asc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { toLatinDigits } from '../../shared/format.js';
import {
  decodeListCursor,
  encodeListCursor,
  MAX_LIST_COUNT,
  MAX_LIST_OFFSET,
  type ListQuery,
} from '../../shared/schemas/list.js';
import type { Db, Tx } from '../db/client.js';
import { AppError } from '../errors.js';
import {
  badCursor,
  DATE_RE,
  fetchSegments,
  keyset,
  SORT_VALUE,
  withoutSortValue,
  type KeysetRow,
} from './list-keyset.js';
import {
  hasWordsSearch,
  isSearch,
  RANK_VALUE,
  rankedMatchesCap,
  rankedOffset,
  relevanceOf,
  searchCount,
} from './list-rank.js';
import {
  MAX_SEARCH_LENGTH,
  searchCondition,
  searchText,
  searchVariants,
  wordsCondition,
  type WordsMode,
  type SearchRank,
} from './search.js';

// Keyset paging (the sort, the cursor, the seek) lives in list-keyset.ts.
export {
  badCursor,
  DATE_RE,
  fetchSegments,
  keyset,
  orderTerms,
  SORT_VALUE,
  withoutSortValue,
  type Bind,
  type KeysetRow,
} from './list-keyset.js';
// The ranked search (relevance, the rank cap, a search's count) lives in list-rank.ts.
export { MAX_RANKED_MATCHES, RELEVANCE, searchTotal, setRankedMatchesCap } from './list-rank.js';

export type FilterDef =
  | { kind: 'eq'; column: PgColumn; value: z.ZodType }
  | { kind: 'search'; columns: PgColumn[]; rank?: SearchRank }
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

// The value schemas of `eq` filters and the declaration shortcuts (`f`) live in list-values.ts.
export { boolValue, enumValue, f, idValue, intValue, statusValue } from './list-values.js';

/** An empty filter value ('' or null): no filter. */
export const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;

/** Start of an AD calendar day in Nepal (UTC+05:45) as an instant. */
export function nepalDayStart(d: string, plusDays = 0): Date {
  const t = new Date(`${d}T00:00:00+05:45`);
  t.setUTCDate(t.getUTCDate() + plusDays);
  return t;
}

export function badValue(key: string): never {
  throw AppError.badRequest('errors.badFilter', { key });
}

/**
 * WHERE terms for `filters` (already JSON-parsed); 400 naming the first bad key. `words`: how a
 * words search is written (lib/search.ts WordsMode; listPlan asks for `few` for the page of a
 * search whose count showed few matches, `exact` for the first part of its count).
 */
export function filterTerms(
  spec: ListSpec,
  filters: Record<string, unknown>,
  words: WordsMode = 'match',
): SQL[] {
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
        const q = searchText(raw);
        if (q.length > MAX_SEARCH_LENGTH) badValue(key);
        if (!q) break;
        out.push(
          def.rank?.words
            ? wordsCondition(def.rank.words, q, words)
            : searchCondition(def.columns, searchVariants(q)),
        );
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

// ---------------------------------------------------------------- sort, keyset, bounded count

let countCap = MAX_LIST_COUNT;

/** The current cap of `boundedTotal` (MAX_LIST_COUNT unless a test lowered it). */
export function listCountCap(): number {
  return countCap;
}

/**
 * Lowers (or restores) the count cap. Tests use a few rows instead of 10,001; each vitest file
 * loads its own copy of this module, so the setting stays in that file.
 */
export function setListCountCap(n: number = MAX_LIST_COUNT): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`count cap ${n}`);
  countCap = n;
}

/** A list's row query with its WHERE set: the plan adds ORDER BY, LIMIT and OFFSET. */
export interface OrderableRows<R> {
  orderBy(...terms: SQL[]): { limit(n: number): { offset(n: number): PromiseLike<R[]> } };
}

/**
 * One page of a list as a query plan: `where` (base conditions and filters; what the bounded
 * count counts), its ORDER BY, the cursor's `select` field to add to the row query, and `page` to read the
 * page: rowsPerPage + 1 rows (the extra row tells whether a next page exists), seeking past
 * `q.cursor` or at OFFSET (page-1)×rowsPerPage without one, cut into the page, its
 * `nextCursor` and the bounded count.
 * 400 `errors.badCursor` for a malformed or unsuitable cursor, `errors.pageTooDeep` for a page
 * without a cursor past MAX_LIST_OFFSET rows.
 */
export function listPlan(spec: ListSpec, q: ListQuery, base: (SQL | undefined)[] = []) {
  const where = and(...base, ...filterTerms(spec, q.filters));
  /** The WHERE of a search's page once its count showed few matches (filterTerms `few`). */
  const fewWhere = () => and(...base, ...filterTerms(spec, q.filters, 'few'));
  const ks = keyset(spec, q);
  const rank = relevanceOf(spec, q);
  const searching = isSearch(spec, q);
  /** A words search's WHERE with its last word whole, counted first (filterTerms `exact`). */
  const exactWhere =
    searching && hasWordsSearch(spec)
      ? and(...base, ...filterTerms(spec, q.filters, 'exact'))
      : undefined;
  let segments: SQL[] | undefined;
  /** the offset of a ranked page asked for by its cursor */
  let rankedAt: number | undefined;
  if (q.cursor !== undefined) {
    const cur = decodeListCursor(q.cursor);
    if (!cur) badCursor();
    rankedAt = rank ? rankedOffset(cur) : undefined;
    if (rankedAt === undefined) segments = ks.seek(cur);
  }
  const offset = segments ? 0 : (rankedAt ?? (q.page - 1) * q.rowsPerPage);
  if (offset > MAX_LIST_OFFSET) throw AppError.badRequest('errors.pageTooDeep');
  const select = (rank ? { ...ks.select, [RANK_VALUE]: rank } : ks.select) as typeof ks.select;
  return {
    where,
    orderBy: ks.orderBy,
    select,
    /**
     * The page: `rows(where)` is the list's row query (selecting `select` too) with that WHERE
     * (called twice when the seek has two segments); `count` is its FROM/JOIN with
     * `where(plan.where)`, for boundedTotal (searchTotal for a search), or a function of the
     * WHERE that makes it (a words search then counts with its last word whole first). Answers
     * the page's rows
     * (at most rowsPerPage, without the cursor and rank fields) and meta
     * `{ total, totalCapped, nextCursor }`. With `session` (a guarded request's check,
     * plugins/auth.ts), a search's count answers it too: `session` is its value, undefined when
     * no count ran.
     */
    async page<R extends KeysetRow>(
      db: Db | Tx,
      rows: (where: SQL | undefined) => OrderableRows<R>,
      count: PgSelect | ((where: SQL | undefined) => PgSelect),
      session?: SQL<boolean>,
    ) {
      const countOf = (w: SQL | undefined) => (typeof count === 'function' ? count(w) : count);
      const total = () =>
        searching
          ? searchCount(
              db,
              spec,
              q,
              countOf(where),
              exactWhere && typeof count === 'function' ? count(exactWhere) : undefined,
              session,
            )
          : boundedTotal(db, countOf(where));
      // A search counts first (bounded, through its index): how many match decides how its page
      // is read. Few (the count not capped): among the matches, read first (`fewWhere`: a words
      // search's ids), ranked when the list ranks; many: in the asked order through that
      // order's index (newest first: the primary key), which soon meets a page of them.
      let counted = searching ? await total() : undefined;
      const few = counted !== undefined && !counted.totalCapped;
      const pageWhere = few ? fewWhere() : where;
      const ranked =
        rank !== undefined &&
        (rankedAt !== undefined || (few && counted!.total <= rankedMatchesCap()));
      const raw: R[] = ranked
        ? await rows(pageWhere)
            .orderBy(asc(rank), ...ks.orderBy)
            .limit(q.rowsPerPage + 1)
            .offset(offset)
        : await fetchSegments(segments, q.rowsPerPage + 1, async (seek, n) =>
            rows(and(pageWhere, seek))
              .orderBy(...ks.orderBy)
              .limit(n)
              .offset(offset),
          );
      const more = raw.length > q.rowsPerPage;
      const kept = more ? raw.slice(0, q.rowsPerPage) : raw;
      counted ??= await total();
      const { session: sessionStands, ...counts } = counted as typeof counted & {
        session?: boolean;
      };
      const last = kept[kept.length - 1];
      return {
        rows: kept.map(withoutListFields),
        session: sessionStands,
        meta: {
          ...counts,
          nextCursor: !more
            ? null
            : encodeListCursor(
                ranked ? { v: `@${offset + q.rowsPerPage}`, id: Number(last.id) } : ks.after(last),
              ),
        },
      };
    },
  };
}

/** A raw row without the cursor's and the rank's fields. */
function withoutListFields<R extends KeysetRow>(row: R): Omit<R, typeof SORT_VALUE> {
  const { [RANK_VALUE]: _rank, ...rest } = withoutSortValue(row) as Record<string, unknown>;
  return rest as Omit<R, typeof SORT_VALUE>;
}

/**
 * meta.total as a bounded count: `select count(*) from (<rows> limit cap+1)`, so a list of a
 * million rows costs the same as one of ten thousand. `rows` is the list's FROM/JOIN/WHERE
 * selecting anything small (e.g. `db.select({ one: sql\`1\` }).from(t).where(w).$dynamic()`).
 * Answers `{ total: min(count, cap), totalCapped: count > cap }`.
 */
export async function boundedTotal(
  db: Db | Tx,
  rows: PgSelect,
): Promise<{ total: number; totalCapped: boolean }> {
  const cap = countCap;
  const sub = rows.limit(cap + 1).as('bounded_rows');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
  return { total: Math.min(n, cap), totalCapped: n > cap };
}
