/**
 * A common word is not counted (issue 18 §1 at 1,000,000 applications; docs/decisions.md "A
 * common word is answered from the statistics"). A search's meta.total stops at
 * MAX_RANKED_MATCHES ("500+"), but a GIN index cannot stop early: to learn that a word is in more
 * than 500 rows, PostgreSQL builds the bitmap of every row it is in (26,666 rows for "traders"
 * at 1M, about half the search's database time). The table's statistics already say how common
 * each frequent word is: ANALYZE (autovacuum, and the seeders) keeps, for a tsvector column, its
 * most common lexemes with the fraction of rows holding each (`pg_stats.most_common_elems`,
 * `most_common_elem_freqs`; PostgreSQL 15 documentation, "pg_stats", and ts_typanalyze.c).
 *
 * `isCommonWord` answers true only when both of these put the matches far over the cap:
 * - the statistics: the word's fraction × the table's row estimate (`pg_class.reltuples`) is at
 *   least COMMON_FACTOR × cap;
 * - the planner's estimate of the search with all its filters and scope (EXPLAIN of the
 *   search's rows, one statement planned and not run), also at least COMMON_FACTOR × cap: a
 *   ward's admin or a status filter narrows the rows, which the word's own fraction cannot show.
 * Anything else (no statistics yet, a rare word, several words, a narrow filter) is counted.
 */
import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';

/** A words column by name, as pg_stats knows it: table and column of the current schema. */
export interface WordsStatistics {
  table: string;
  column: string;
}

/**
 * How far over the cap both estimates must be: the statistics come from a 30,000-row sample
 * (default_statistics_target 100), whose error for a word in 5,000 of 100,000 rows is a few
 * percent; a factor of 10 also covers rows soft-deleted since the last ANALYZE (autovacuum
 * analyzes again once 10% of the rows have changed).
 */
export const COMMON_FACTOR = 10;

/** How long a process keeps the statistics it read before reading them again (ms). */
const STATS_TTL_MS = 5 * 60_000;

/** Estimated rows holding each of the column's most common words. */
type Frequencies = Map<string, number>;

/** Per database handle and column: when the read began (Date.now()) and the read. */
const cache = new WeakMap<object, Map<string, { at: number; read: Promise<Frequencies> }>>();

/** The column's most common words with their estimated row counts (empty before ANALYZE). */
async function readFrequencies(db: Db | Tx, stats: WordsStatistics): Promise<Frequencies> {
  const res = (await db.execute(sql`select s.most_common_elems::text::text[] as elems,
      s.most_common_elem_freqs::float8[] as freqs, c.reltuples::float8 as reltuples
    from pg_class c
    left join pg_stats s on s.schemaname = current_schema() and s.tablename = ${stats.table}
      and s.attname = ${stats.column}
    where c.oid = to_regclass(${stats.table})`)) as unknown as {
    rows: { elems: string[] | null; freqs: number[] | null; reltuples: number | null }[];
  };
  const row = res.rows[0];
  const rows: Frequencies = new Map();
  const total = Number(row?.reltuples ?? -1);
  // reltuples is -1 before the first VACUUM or ANALYZE; the frequencies array has the words'
  // fractions first, then three more figures (min, max, null fraction) that are not words'.
  if (row?.elems && row.freqs && total > 0) {
    row.elems.forEach((word, i) => rows.set(word, Number(row.freqs![i]) * total));
  }
  return rows;
}

/** The column's frequencies, read at most once per STATS_TTL_MS per database handle. */
function frequencies(db: Db | Tx, stats: WordsStatistics): Promise<Frequencies> {
  let byColumn = cache.get(db);
  if (!byColumn) cache.set(db, (byColumn = new Map()));
  const key = `${stats.table}.${stats.column}`;
  const hit = byColumn.get(key);
  if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit.read;
  const read = readFrequencies(db, stats);
  byColumn.set(key, { at: Date.now(), read });
  // a failed read is not kept: the next search reads again
  read.catch(() => byColumn.delete(key));
  return read;
}

/**
 * The planner's estimate of rows in one row of `EXPLAIN (FORMAT JSON)`'s answer (its one
 * column, a JSON value that pg parses and PGlite may leave as text); 0 when it has none.
 */
export function planRows(row: Record<string, unknown> | undefined): number {
  const plan = Object.values(row ?? {})[0];
  const json = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Number(json?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * True when `word` (one lexeme as the words column stores it: wordsText, no separator) is
 * common enough that the search `rows` (the search with the word whole and every filter and
 * scope, as for searchTotal; or what builds it, called only when the statistics show the word
 * common) certainly matches more than `cap` rows (see the module comment).
 */
export async function isCommonWord(
  db: Db | Tx,
  stats: WordsStatistics,
  word: string,
  rows: PgSelect | (() => PgSelect),
  cap: number,
): Promise<boolean> {
  const need = cap * COMMON_FACTOR;
  // statistics that cannot be read (a role without the table's SELECT sees no pg_stats row, a
  // failed read) are no statistics: the search is counted
  const known = await frequencies(db, stats).catch(() => null);
  const inRows = known?.get(word);
  if (inRows === undefined || inRows < need) return false;
  const search = typeof rows === 'function' ? rows() : rows;
  const res = (await db.execute(sql`explain (format json) ${search}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return planRows(res.rows[0]) >= need;
}

/** Forgets the frequencies read from `db` (a test that ANALYZEs again reads them anew). */
export function forgetWordStatistics(db: Db | Tx): void {
  cache.delete(db);
}
