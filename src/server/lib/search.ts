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
 * Ranking (`relevanceRank`): exact number or phone first, then a name equal to `q`, a name
 * starting with it, a name with a word starting with it, and any other match; lib/list.ts adds
 * "newest first" within a rank and decides when to rank (listPlan).
 */
import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { toLatinDigits, toNepaliDigits } from '../../shared/format.js';

/** The longest `q` accepted (characters, after trimming); longer is 400 errors.badFilter. */
export const MAX_SEARCH_LENGTH = 100;

/** What a ranked search ranks by: columns holding numbers and phones, and names. */
export interface SearchRank {
  /** exact match (case-insensitive) ranks first: submission/registration numbers, phones */
  numbers: PgColumn[];
  /** equal, then prefix, then word prefix rank next: business and owner names */
  names: PgColumn[];
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
 * with it, 4 any other match. Evaluated only on the matching rows.
 */
export function relevanceRank(rank: SearchRank, variants: string[]): SQL {
  const any = (terms: SQL[]) => (terms.length ? or(...terms)! : sql`false`);
  const each = (cols: PgColumn[], term: (c: PgColumn, v: string) => SQL) =>
    any(cols.flatMap((c) => variants.map((v) => term(c, v))));
  const exact = each(rank.numbers, (c, v) => sql`lower(${c}) = lower(${v})`);
  const equal = each(rank.names, (c, v) => sql`${c} ilike ${escapeLike(v)}`);
  const prefix = each(rank.names, (c, v) => sql`${c} ilike ${`${escapeLike(v)}%`}`);
  const word = each(rank.names, (c, v) => sql`(' ' || ${c}) ilike ${`% ${escapeLike(v)}%`}`);
  return sql`(case when ${exact} then 0 when ${equal} then 1 when ${prefix} then 2 when ${word} then 3 else 4 end)`;
}
