/**
 * CSV for spreadsheets (issue 6 §8, issue 7 §4): csv-stringify does the quoting; cells that a
 * spreadsheet would run as a formula (starting with = + - @, tab, carriage return or NUL) are
 * neutralised with a leading apostrophe (OWASP "CSV injection"). Numbers stay numbers.
 */
import { stringify } from 'csv-stringify/sync';

/** A cell made safe to open in Excel or LibreOffice. */
export function safeCell(v: unknown): string | number {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v;
  const s = String(v);
  return /^[=+\-@\t\r\0]/.test(s) ? `'${s}` : s;
}

/** CSV text (with a UTF-8 BOM so Excel reads Devanagari) of `header` and `rows`. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${stringify([header.map(safeCell), ...rows.map((r) => r.map(safeCell))])}`;
}
