/**
 * Numbers as people type them (issue 17 §2): Devanagari digits, and thousands grouped with
 * commas in the Nepali way ('3,00,000', '12,34,567.50') or the international way
 * ('300,000'). `ungroupNumber` turns such text into plain Latin digits for the schemas;
 * text that is not a well-grouped number is returned as typed (trimmed, Latin digits), so the
 * schema still refuses '3,0,0' or '1,,000' with its own message.
 */
import { toLatinDigits } from './format.js';

/** 1–2 digits, then pairs, then the last three: 3,00,000 · 12,34,567 · 1,000. */
const NEPALI_GROUPED = /^\d{1,2}(,\d{2})*,\d{3}(\.\d+)?$/;
/** 1–3 digits, then triples: 300,000 · 1,234,567. */
const INTERNATIONAL_GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * '३,००,०००' → '300000'; '300,000' → '300000'; '1500.50' → '1500.50'; 'abc' → 'abc'.
 * Spaces inside the number (a space typed after a comma) are dropped too.
 */
export function ungroupNumber(text: string): string {
  const latin = toLatinDigits(text).trim();
  const compact = latin.replace(/(?<=,)\s+/g, '');
  if (NEPALI_GROUPED.test(compact) || INTERNATIONAL_GROUPED.test(compact)) {
    return compact.replace(/,/g, '');
  }
  return latin;
}
