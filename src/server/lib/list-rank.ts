/**
 * The ranked search of the lists (issue 18 §1, §3; docs/decisions.md "Search"), for lib/list.ts:
 * when a request is a search, when it is ordered by relevance and by what rank, where a ranked
 * page's cursor points, and the search's count, bounded at MAX_RANKED_MATCHES matches.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListCursor, ListQuery } from '../../shared/schemas/list.js';
import type { Db, Tx } from '../db/client.js';
import type { ListSpec } from './list.js';
import {
  relevanceRank,
  searchText,
  searchVariants,
  singleWord,
  type SearchRank,
} from './search.js';
import { isCommonWord } from './word-stats.js';

/** `sortBy` of the relevance order, for a list whose `q` filter is a ranked search. */
export const RELEVANCE = 'relevance';
/**
 * Ranking sorts every matching row, so it is done only when at most this many rows match; a
 * query matching more (a very common word) is listed newest first instead; and a search counts
 * at most this many matches (meta.total, totalCapped beyond). docs/decisions.md "Search";
 * about 5 µs a match on PostgreSQL, docs/performance.md "Search".
 */
export const MAX_RANKED_MATCHES = 500;

/** The field a ranked search's rows carry their rank in (taken off before they are answered). */
export const RANK_VALUE = '_rank';

let rankCap = MAX_RANKED_MATCHES;

/** The current MAX_RANKED_MATCHES (unless a test lowered it). */
export function rankedMatchesCap(): number {
  return rankCap;
}

/** Lowers (or restores) MAX_RANKED_MATCHES, for a test of a common word (as setListCountCap). */
export function setRankedMatchesCap(n: number = MAX_RANKED_MATCHES): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`rank cap ${n}`);
  rankCap = n;
}

/** The list's ranked search filter: its key and what it ranks by. */
export function rankedFilter(spec: ListSpec): { key: string; rank: SearchRank } | undefined {
  for (const [key, def] of Object.entries(spec.filters)) {
    if (def.kind === 'search' && def.rank) return { key, rank: def.rank };
  }
  return undefined;
}

/** True when the list's ranked search matches words (lib/search.ts wordsQuery). */
export function hasWordsSearch(spec: ListSpec): boolean {
  return rankedFilter(spec)?.rank.words !== undefined;
}

/** The sortBy key of the tiebreak column (the id). */
export function tiebreakKey(spec: ListSpec): string | undefined {
  return Object.keys(spec.sortable).find((k) => spec.sortable[k] === spec.tiebreak);
}

/**
 * The keyset sort of a request: `relevance` (on a list with a ranked search) pages, when it does
 * not rank, as the tiebreak descending (newest first); an export asked for `relevance` is in
 * that order too.
 */
export function keysetSort(
  spec: ListSpec,
  sort: Pick<ListQuery, 'sortBy' | 'descending'>,
): Pick<ListQuery, 'sortBy' | 'descending'> {
  if (sort.sortBy !== RELEVANCE || !rankedFilter(spec)) return sort;
  const key = tiebreakKey(spec);
  return key ? { sortBy: key, descending: true } : sort;
}

/**
 * The rank of the request's search (lib/search.ts relevanceRank), when the list has a ranked
 * search, `q` is given and the sort is `relevance` or the default one (tiebreak descending);
 * otherwise undefined. Call after filterTerms (which answers 400 for a bad `q`).
 */
export function relevanceOf(spec: ListSpec, q: ListQuery): SQL | undefined {
  const asked = rankedSearch(spec, q);
  return asked && relevanceRank(asked.rank, asked.variants);
}

/**
 * What `relevanceOf` ranks by, when it ranks: the list's rank and the spellings of `q`
 * (lib/search.ts searchVariants); a prepared statement binds these to placeholders.
 */
export function rankedSearch(
  spec: ListSpec,
  q: ListQuery,
): { rank: SearchRank; variants: string[] } | undefined {
  const ranked = rankedFilter(spec);
  if (!ranked) return undefined;
  const asked = q.sortBy === RELEVANCE || (q.sortBy === tiebreakKey(spec) && q.descending);
  const raw = Object.hasOwn(q.filters, ranked.key) ? q.filters[ranked.key] : undefined;
  if (!asked || (typeof raw !== 'string' && typeof raw !== 'number')) return undefined;
  const text = searchText(raw);
  return text ? { rank: ranked.rank, variants: searchVariants(text) } : undefined;
}

/** The offset a ranked page's cursor carries ('@50' → 50); undefined for a keyset cursor. */
export function rankedOffset(cur: ListCursor): number | undefined {
  if (typeof cur.v !== 'string' || !/^@\d{1,6}$/.test(cur.v)) return undefined;
  return Number(cur.v.slice(1));
}

/** True when the request searches: a `search` filter of the list with a non-empty text. */
export function isSearch(spec: ListSpec, q: ListQuery): boolean {
  return Object.entries(spec.filters).some(([key, def]) => {
    const raw = Object.hasOwn(q.filters, key) ? q.filters[key] : undefined;
    return (
      def.kind === 'search' &&
      (typeof raw === 'string' || typeof raw === 'number') &&
      searchText(raw) !== ''
    );
  });
}

/**
 * meta.total of a search: `rows` (as for boundedTotal) read lazily through a materialized CTE
 * and counted up to MAX_RANKED_MATCHES + 1. The CTE is planned on its own, as a whole read
 * (the search index's bitmap), and stops when the count's LIMIT is reached; a LIMIT in the
 * same query would lead the planner to a sequential scan "that finds 501 rows soon", which is
 * slow when the matches are few or late. Answers `{ total: min(count, cap), totalCapped }`.
 *
 * `exact` (a words search with its last word whole: a subset of `rows`) is counted first, in
 * the same statement: when more than the cap match it, so do `rows`, which are then not read.
 * A word typed in full is found from its own posting list, ~3–5× faster than the beginning of
 * a word, which reads every word that starts with it (docs/performance.md "Search by words").
 * With `session` (a guarded request's check), its value as `session` too.
 */
export async function searchTotal(
  db: Db | Tx,
  rows: PgSelect,
  exact?: PgSelect,
  session?: SQL<boolean>,
): Promise<{ total: number; totalCapped: boolean; session?: boolean }> {
  const cap = rankCap;
  const res = (await db.execute(searchCountSql(rows, exact, session, cap, cap + 1))) as unknown as {
    rows: { n: number; session?: boolean }[];
  };
  const [row] = res.rows;
  const n = Number(row.n);
  return {
    total: Math.min(n, cap),
    totalCapped: n > cap,
    ...(session ? { session: row.session === true } : {}),
  };
}

/**
 * The statement of searchTotal: one row, `n` the matches counted up to `over` (the cap + 1;
 * `exact` first, when given: over `cap` of those, `n` is `over` without reading `rows`), with
 * `session` its value as `session` too. `cap` and `over` are numbers, or placeholders in a
 * prepared statement (lib/list-prepared.ts).
 */
export function searchCountSql(
  rows: PgSelect,
  exact: PgSelect | undefined,
  session: SQL<boolean> | undefined,
  cap: unknown,
  over: unknown,
): SQL {
  // a guarded request's session check (plugins/auth.ts), in this one-row statement's snapshot
  const checked = session ? sql`, (${session}) as session` : sql``;
  return exact
    ? sql`with e as materialized (${exact}), m as materialized (${rows})
    select (case when (select count(*) from (select 1 from e limit ${over}) x) > ${cap}
      then ${over} else (select count(*) from (select 1 from m limit ${over}) y) end)::int as n${checked}`
    : sql`with m as materialized (${rows})
    select count(*)::int as n${checked} from (select 1 from m limit ${over}) x`;
}

/**
 * meta.total of the request's search (issue 18 §1): a one-word search of a words column whose
 * word is common (word-stats.ts isCommonWord, asked with `exact`: the search with the word whole
 * and every filter and scope) is over the cap without counting, `{ total: cap, totalCapped:
 * true }`; any other search is counted by searchTotal(rows, exact), which also answers
 * `session` (the check's value) when given one: the common word's path does not.
 */
export async function searchCount(
  db: Db | Tx,
  spec: ListSpec,
  q: ListQuery,
  rows: PgSelect,
  exact?: PgSelect,
  session?: SQL<boolean>,
): Promise<{ total: number; totalCapped: boolean; session?: boolean }> {
  const ranked = rankedFilter(spec);
  const stats = ranked?.rank.words?.statistics;
  const raw = ranked && Object.hasOwn(q.filters, ranked.key) ? q.filters[ranked.key] : undefined;
  if (stats && exact && (typeof raw === 'string' || typeof raw === 'number')) {
    const word = singleWord(searchText(raw));
    if (word !== null && (await isCommonWord(db, stats, word, exact, rankCap)))
      return { total: rankCap, totalCapped: true };
  }
  return searchTotal(db, rows, exact, session);
}
