/**
 * Locale formatting shared by the client, certificates and tests. Pure; browser and Node.
 *
 * Numbers use South Asian grouping (1,23,456) in both languages, as CLDR's en-IN; 'ne' differs
 * only in using Devanagari digits (Chromium ships no 'ne' number data).
 */
import { adToBs, formatBs, todayAd } from './bs-date';

type Lang = 'en-US' | 'ne';

const DEVANAGARI_ZERO = 0x0966;

/**
 * Groups a string of Latin digits the South Asian way: the last three digits, then pairs
 * ('1234567' → '12,34,567'), as CLDR's en-IN pattern `#,##,##0.###` does.
 *
 * Written out rather than asking `Intl.NumberFormat('en-IN')`: the first such formatter a page
 * makes loads ICU's locale data, measured at 30–50 ms of one task on this machine's Chromium
 * (×4 on a slow phone) in the signed-in header's first render (issue 18 §5).
 */
function groupDigits(int: string): string {
  if (int.length <= 3) return int;
  const head = int.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${int.slice(-3)}`;
}

/**
 * `n` in en-IN form with Latin digits: the same text as `new Intl.NumberFormat('en-IN').format(n)`
 * (format.test.ts compares the two). As ECMA-402 does, it starts from the number's shortest
 * decimal form (`String(n)`), rounds that to at most three fraction digits half away from zero,
 * drops trailing zeros and writes '-' for negatives (also -0). NaN and ±Infinity go to Intl.
 */
function formatLatin(n: number): string {
  if (!Number.isFinite(n)) return new Intl.NumberFormat('en-IN').format(n);
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(n)))!;
  let digits = m[1] + (m[2] ?? '');
  // where the decimal point falls in `digits`, after the exponent (1e-7, 1e+21) is applied
  let point = m[1].length + Number(m[3] ?? 0);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  let kept = digits.slice(0, point + 3);
  if ((digits[point + 3] ?? '0') >= '5') {
    kept = String(BigInt(kept) + 1n).padStart(kept.length, '0');
    point += kept.length - digits.slice(0, point + 3).length;
  }
  const int = kept.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = kept.slice(point).replace(/0+$/, '');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${groupDigits(int)}${fraction ? `.${fraction}` : ''}`;
}

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
  const s = formatLatin(n);
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
  const rupees = groupDigits(String(Math.floor(abs / 100)));
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
