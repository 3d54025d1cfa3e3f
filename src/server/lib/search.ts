/**
 * The search box of the lists (issue 18 §1; docs/decisions.md "Search"): what a typed `q`
 * matches and, for a ranked search, in what order.
 *
 * Matching: `q` is trimmed, runs of white space become one space, and it is searched in each of
 * its spellings (`searchVariants`): as typed, in Unicode NFC and NFD, each with Latin and with
 * Devanagari digits, so '४५६/०७५' finds '456/075' and the reverse, and a phone typed on a Nepali
 * keyboard finds the stored one. Each spelling is a case-insensitive substring (`ILIKE`, LIKE
 * wildcards escaped) of any searched column (`searchCondition`): the trigram indexes of
 * migration 0015 serve exactly that, one BitmapOr of index scans.
 *
 * Searching by words (`wordsQuery`, `wordsCondition`; docs/decisions.md "Search by words"): a
 * list may search a generated tsvector column instead (the applications: migration 0022), whose
 * GIN index reads only the posting lists of the words that start with what was typed, so a
 * common word costs the same at a million rows as at ten thousand. `q` then matches rows having
 * every word of it, the last one as a beginning ('Himalaya Tra'); a number typed with its
 * separators ('798/2081-82') matches a number that starts with it.
 *
 * Ranking (`relevanceRank`): exact number or phone first, then a name equal to `q`, a name
 * starting with it, a name with a word starting with it, and any other match; lib/list.ts adds
 * "newest first" within a rank and decides when to rank (listPlan).
 */
import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { toLatinDigits, toNepaliDigits } from '../../shared/format.js';
import type { WordsStatistics } from './word-stats.js';

/** The longest `q` accepted (characters, after trimming); longer is 400 errors.badFilter. */
export const MAX_SEARCH_LENGTH = 100;

/** What a ranked search ranks by: columns holding numbers and phones, and names. */
export interface SearchRank {
  /** exact match (case-insensitive) ranks first: submission/registration numbers, phones */
  numbers: PgColumn[];
  /** equal, then prefix, then word prefix rank next: business and owner names */
  names: PgColumn[];
  /**
   * A generated tsvector of these columns' words (wordsQuery); when given, the search matches
   * words through it instead of substrings of the columns.
   */
  words?: WordsColumn;
}

/** A words column of a list's table, and how to read the few rows that match (`among`). */
export interface WordsColumn {
  /** the tsvector column, e.g. sql`"applications"."search_words"` */
  column: SQL;
  /**
   * The condition "the row's id is one of the matches", as an uncorrelated sub-select of the
   * ids (`id = any(array(select …))`: one InitPlan through the GIN index). Used once the count
   * has shown that few rows match: the planner cannot estimate how many rows a word's
   * beginning matches (it assumes 0.5% of the table), so with a LIMIT and an order it would
   * walk an index in that order, testing every row, for a word in one row (docs/decisions.md
   * "Search by words").
   */
  among: (match: SQL) => SQL;
  /**
   * The column by name, for its statistics: a one-word search for a word these show in many
   * rows is answered "over the cap" without counting (lib/word-stats.ts isCommonWord).
   */
  statistics?: WordsStatistics;
}

/** `q` as searched: trimmed, white space runs as one space ('' for nothing to search). */
export function searchText(raw: string | number): string {
  return String(raw).trim().replace(/\s+/g, ' ');
}

/**
 * The spellings `q` is searched in (deduplicated, `q` as typed first): as typed, NFC and NFD,
 * each with Latin and Devanagari digits. Mixed digits inside one stored value ('४५६/075') are
 * not matched by a query in either script.
 */
export function searchVariants(q: string): string[] {
  const out = new Set<string>();
  for (const form of [q, q.normalize('NFC'), q.normalize('NFD')]) {
    out.add(form);
    out.add(toLatinDigits(form));
    out.add(toNepaliDigits(form));
  }
  return [...out];
}

/**
 * What cuts a text into words, here and in migration 0022's generated column (the same
 * characters): white space and the punctuation of names and numbers, the Devanagari danda too.
 */
export const WORD_SEPARATORS = /[\s/\\,.;:()[\]{}"'&+|_#!?*@।॥-]+/u;

/** A text as the words column stores it: Unicode NFC, Latin digits, lower case. */
export function wordsText(q: string): string {
  return toLatinDigits(q.normalize('NFC')).toLowerCase();
}

/** A lexeme as tsquery input: quoted, with its quotes doubled and backslashes escaped. */
function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The tsquery text of `q` (already `searchText`-trimmed) for a words column, or null when `q`
 * has no word (only punctuation): every word, the last one as a prefix (`'himalaya' & 'tra':*`);
 * with `exact`, the last one as a whole word too (`'himalaya' & 'tra'`: a subset of the rows,
 * read from one posting list instead of every word's that starts with it).
 * Without white space but with separators: a number is the whole text as the beginning of a
 * whole number (`'798/2081-82':*`; the column keeps the numbers whole besides their parts), a
 * hyphenated name the same or its words exactly (`'sharma-poudel':* | ('sharma' & 'poudel')`).
 * Bound as a parameter and cast with `::tsquery`, which parses quoted lexemes literally.
 */
export function wordsQuery(q: string, exact = false): string | null {
  const end = exact ? '' : ':*';
  const text = wordsText(q).trim();
  const words = text.split(WORD_SEPARATORS).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length > 1 && !/\s/u.test(text)) {
    // A number, found whole by its beginning: its parts as words would also find numbers made
    // of the same parts in another order ('83/2082-15614'), and '2082', '83' are in most rows.
    if (/\d/u.test(text)) return `${lexeme(text)}${end}`;
    return `${lexeme(text)}${end} | (${words.map(lexeme).join(' & ')})`;
  }
  return words
    .map((w, i) => (i === words.length - 1 ? `${lexeme(w)}${end}` : lexeme(w)))
    .join(' & ');
}

/**
 * The one word `q` searches for, as the words column stores it (wordsText), or null when `q` has
 * several words, a number with separators, or none: for the statistics of that word.
 */
export function singleWord(q: string): string | null {
  const text = wordsText(q).trim();
  return text !== '' && !WORD_SEPARATORS.test(text) ? text : null;
}

/**
 * How a words search is written (lib/list.ts filterTerms): `match` the rows that match; `few`
 * the same as the words column's `among` (the ids of the matches, read first); `exact` the rows
 * whose last word is whole (wordsQuery `exact`), for the count of a common word.
 */
export type WordsMode = 'match' | 'few' | 'exact';

/**
 * `column @@ <wordsQuery(q)>::tsquery` as `mode` says; `false` (nothing matches) when `q` has
 * no word. The tsquery text enters as `bind` makes it (a parameter, or a placeholder).
 */
export function wordsCondition(
  words: WordsColumn,
  q: string,
  mode: WordsMode = 'match',
  bind: BindText = (text) => text,
): SQL {
  const query = wordsQuery(q, mode === 'exact');
  if (query === null) return sql`false`;
  const value = bind(query);
  return mode === 'few'
    ? words.among(sql`${value}::tsquery`)
    : sql`${words.column} @@ ${value}::tsquery`;
}

/**
 * How a text enters a search's SQL: by default as a parameter of the statement built for the
 * request; a prepared statement (lib/list-prepared.ts) binds it to a placeholder instead, so
 * that the SQL text is the same for every text of the same shape.
 */
export type BindText = (text: string) => unknown;

/** Escapes the LIKE wildcards `%`, `_` and the escape character `\`, so text matches literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `col ILIKE '%v%'` for every column and spelling, ORed: the WHERE the trigram indexes serve
 * (each term is one column against one pattern, as the planner matches an index).
 */
export function searchCondition(columns: PgColumn[], variants: string[]): SQL {
  const terms = columns.flatMap((c) =>
    variants.map((v) => sql`${c} ilike ${`%${escapeLike(v)}%`}`),
  );
  return or(...terms)!;
}

/**
 * The rank of a matching row, 0 best: 0 a number or phone equal to `q` (case-insensitive), 1 a
 * name equal to it, 2 a name starting with it, 3 a name with a word (after a space) starting
 * with it, 4 any other match. Evaluated only on the matching rows. Each spelling's four texts
 * (itself, and as the equal, prefix and word-prefix LIKE patterns) enter as `bind` makes them,
 * once each, in that order: the same number of spellings gives the same SQL text.
 */
export function relevanceRank(
  rank: SearchRank,
  variants: string[],
  bind: BindText = (text) => text,
): SQL {
  // each spelling's four texts, bound once and used for every column
  const texts = variants.map((v) => ({
    same: bind(v),
    equal: bind(escapeLike(v)),
    prefix: bind(`${escapeLike(v)}%`),
    word: bind(`% ${escapeLike(v)}%`),
  }));
  const any = (terms: SQL[]) => (terms.length ? or(...terms)! : sql`false`);
  const each = (cols: PgColumn[], term: (c: PgColumn, t: (typeof texts)[number]) => SQL) =>
    any(cols.flatMap((c) => texts.map((t) => term(c, t))));
  const exact = each(rank.numbers, (c, t) => sql`lower(${c}) = lower(${t.same})`);
  const equal = each(rank.names, (c, t) => sql`${c} ilike ${t.equal}`);
  const prefix = each(rank.names, (c, t) => sql`${c} ilike ${t.prefix}`);
  const word = each(rank.names, (c, t) => sql`(' ' || ${c}) ilike ${t.word}`);
  return sql`(case when ${exact} then 0 when ${equal} then 1 when ${prefix} then 2 when ${word} then 3 else 4 end)`;
}
