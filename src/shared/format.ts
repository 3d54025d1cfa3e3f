/**
 * Locale formatting shared by the client, certificates and tests. Pure; browser and Node.
 *
 * Numbers use South Asian grouping (1,23,456) in both languages; 'ne' differs only in using
 * Devanagari digits. Locale 'en-IN-u-nu-deva' is used rather than 'ne-NP' because Chromium
 * ships no 'ne' number data.
 */
import { adToBs, formatBs, todayAd } from './bs-date';

type Lang = 'en-US' | 'ne';

const DEVANAGARI_ZERO = 0x0966;

/** Made per language on first use, so a start-up pays only for the language on screen. */
const NUMBER_FORMAT: Partial<Record<Lang, Intl.NumberFormat>> = {};
const numberFormat = (lang: Lang) =>
  (NUMBER_FORMAT[lang] ??= new Intl.NumberFormat(lang === 'ne' ? 'en-IN-u-nu-deva' : 'en-IN'));

/**
 * Replaces Latin digits 0-9 with Devanagari digits ०-९; other characters are kept.
 * Numbers are first converted with `String(n)`. Example: 2082 → '२०८२'.
 */
export function toNepaliDigits(s: string | number): string {
  return String(s).replace(/[0-9]/g, (d) => String.fromCharCode(DEVANAGARI_ZERO + Number(d)));
}

/** Replaces Devanagari digits ०-९ with Latin digits 0-9; other characters are kept. */
export function toLatinDigits(s: string): string {
  return s.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
}

/**
 * Formats a number with Indian grouping: 1234567.5 → '12,34,567.5' (en-US) or '१२,३४,५६७.५'
 * ('ne'). At most three fraction digits are shown (Intl default).
 */
export function formatNumber(n: number, lang: Lang): string {
  const s = numberFormat(lang).format(n);
  // Digits are converted again in case the runtime's ICU lacks the 'deva' numbering system.
  return lang === 'ne' ? toNepaliDigits(s) : s;
}

/**
 * Formats an amount held as integer paisa (1 rupee = 100 paisa) as rupees with two decimals:
 * 12345600 → 'Rs. 1,23,456.00' (en-US) or 'रु. १,२३,४५६.००' ('ne'). Negative amounts are
 * written 'Rs. -1,23,456.00'. Exact for every safe integer (no floating-point division).
 * @throws TypeError if `paisa` is not a safe integer.
 */
export function formatPaisa(paisa: number, lang: Lang): string {
  if (!Number.isSafeInteger(paisa)) {
    throw new TypeError(`Amount in paisa must be a safe integer, got ${String(paisa)}`);
  }
  const abs = Math.abs(paisa);
  const rupees = numberFormat('en-US').format(Math.floor(abs / 100));
  const s = `${paisa < 0 ? '-' : ''}${rupees}.${String(abs % 100).padStart(2, '0')}`;
  return lang === 'ne' ? `रु. ${toNepaliDigits(s)}` : `Rs. ${s}`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** date, time, optional zone: '2025-07-16T20:00:00.000Z', '2025-07-16 20:00:00+05:45' */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ]([\d:.]+) ?(Z|[+-][\d:]+)?$/i;
const TIME = /^\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;
const ZONE = /^(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** The AD calendar date (in Asia/Kathmandu for instants) of a date or timestamp. */
function adDateOf(ad: string | Date): string {
  if (ad instanceof Date) return todayAd(ad);
  if (DATE_ONLY.test(ad)) return ad;
  const m = TIMESTAMP.exec(ad);
  if (!m || !TIME.test(m[2]) || (m[3] !== undefined && !ZONE.test(m[3]))) {
    throw new RangeError(`Invalid AD date or timestamp '${ad}'`);
  }
  const [, date, time, zone] = m;
  // Without a zone the timestamp is a local wall-clock time: its date part is the date.
  if (zone === undefined) return date;
  // Normalise '+05' and '+0545' to '+05:00' / '+05:45' so every engine parses it.
  const offset = /^z$/i.test(zone)
    ? 'Z'
    : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  const instant = new Date(`${date}T${time}${offset}`);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid AD timestamp '${ad}'`);
  return todayAd(instant);
}

/**
 * Formats an AD date as a BS date string via `formatBs`: '2025-07-17' → '2082-04-01' (en-US)
 * or '२०८२-०४-०१' ('ne').
 * @param ad An AD calendar date 'YYYY-MM-DD' (taken literally); an ISO timestamp with a zone
 *   ('2025-07-16T20:00:00Z', '…+05:45') or a `Date`, whose date in Asia/Kathmandu is used; or a
 *   timestamp without a zone, whose date part is used as is. null, undefined and '' give ''.
 * @throws RangeError if the input is malformed or outside the supported BS range.
 */
export function formatAdAsBs(ad: string | Date | null | undefined, lang: Lang): string {
  if (ad === null || ad === undefined || ad === '') return '';
  return formatBs(adToBs(adDateOf(ad)), lang);
}

/**
 * formatAdAsBs for values that may lie outside the BS table (2000–2090 BS), e.g. a fiscal year
 * entered far ahead: such a date is shown as its AD date, in the language's digits, instead of
 * throwing. Used where one odd row must not break a whole list or export.
 */
export function formatAdAsBsOrAd(ad: string | Date | null | undefined, lang: Lang): string {
  try {
    return formatAdAsBs(ad, lang);
  } catch {
    const text = ad instanceof Date ? ad.toISOString().slice(0, 10) : String(ad).slice(0, 10);
    return lang === 'ne' ? toNepaliDigits(text) : text;
  }
}
