/**
 * Nepal's fiscal year (आर्थिक वर्ष): 1 Shrawan (BS month 4) of one BS year through the last day of
 * Ashadh (BS month 3) of the next, e.g. 2082/83 = 2082-04-01 BS … 2083-03-32 BS
 * = 2025-07-17 AD … 2026-07-16 AD. Pure; browser and Node.
 */
import { adToBs, bsToAd, daysInBsMonth } from './bs-date';
import { toLatinDigits, toNepaliDigits } from './format';

/** A fiscal year. All AD dates are calendar dates 'YYYY-MM-DD'. */
export type FiscalYear = {
  /** '2082/83' */
  code: string;
  /** '2082-83', safe in URLs and file names */
  slug: string;
  /** BS year in which the fiscal year starts (2082 for 2082/83) */
  startBsYear: number;
  /** AD date of 1 Shrawan startBsYear (first day, inclusive) */
  startAd: string;
  /** AD date of the last day of Ashadh startBsYear + 1 (last day, inclusive) */
  endAd: string;
  /** '२०८२/८३' */
  nameNe: string;
};

/**
 * The fiscal year starting on 1 Shrawan of `startBsYear`.
 * @throws RangeError if `startBsYear` is not an integer or the fiscal year is not fully inside
 *   the supported BS range (start years 2000..2089 with BS years 2000..2090).
 */
export function fiscalYearFromStart(startBsYear: number): FiscalYear {
  if (!Number.isInteger(startBsYear)) {
    throw new RangeError(`Invalid fiscal year start ${startBsYear}`);
  }
  const startAd = bsToAd({ year: startBsYear, month: 4, day: 1 });
  const endYear = startBsYear + 1;
  const endAd = bsToAd({ year: endYear, month: 3, day: daysInBsMonth(endYear, 3) });
  const code = `${startBsYear}/${String(endYear % 100).padStart(2, '0')}`;
  return {
    code,
    slug: code.replace('/', '-'),
    startBsYear,
    startAd,
    endAd,
    nameNe: toNepaliDigits(code),
  };
}

/**
 * The fiscal year containing an AD calendar date: '2025-07-17' (1 Shrawan 2082) → 2082/83,
 * '2025-07-16' (last day of Ashadh 2082) → 2081/82.
 * @param adDate 'YYYY-MM-DD' AD, taken literally (no time-zone shift).
 * @throws RangeError if the date is malformed or its fiscal year is outside the supported range.
 */
export function fiscalYearOf(adDate: string): FiscalYear {
  const bs = adToBs(adDate);
  return fiscalYearFromStart(bs.month >= 4 ? bs.year : bs.year - 1);
}

/**
 * Fiscal years whose start BS years run from `fromStartYear` to `toStartYear`, both inclusive,
 * oldest first. Empty when `fromStartYear > toStartYear`.
 * @throws RangeError if any year in the range is unsupported (see fiscalYearFromStart).
 */
export function fiscalYearRange(fromStartYear: number, toStartYear: number): FiscalYear[] {
  if (!Number.isInteger(fromStartYear) || !Number.isInteger(toStartYear)) {
    throw new RangeError(`Invalid fiscal year range ${fromStartYear}..${toStartYear}`);
  }
  const years: FiscalYear[] = [];
  for (let y = fromStartYear; y <= toStartYear; y++) years.push(fiscalYearFromStart(y));
  return years;
}

/**
 * Parses a fiscal year code '2082/83' or slug '2082-83' (Latin or Devanagari digits).
 * @returns The fiscal year, or null if malformed, the two years are not consecutive, or it is
 *   outside the supported range. Never throws.
 */
export function parseFiscalYear(s: string): FiscalYear | null {
  if (typeof s !== 'string') return null;
  const m = /^(\d{4})[/-](\d{2})$/.exec(toLatinDigits(s.trim()));
  if (!m) return null;
  const start = Number(m[1]);
  if ((start + 1) % 100 !== Number(m[2])) return null;
  try {
    return fiscalYearFromStart(start);
  } catch {
    return null;
  }
}

/**
 * Sort comparator: the fiscal year that starts latest first, for the fiscal-year selects.
 * `startDate` is an ISO AD date (`YYYY-MM-DD`), so comparing code units orders it by date; not
 * `localeCompare`, whose first call in a browser builds ICU's collator (~20–70 ms on a slow phone,
 * all of it in the list's first render; docs/performance.md, 2026-11-28).
 */
export function latestStartFirst(a: { startDate: string }, b: { startDate: string }): number {
  return a.startDate < b.startDate ? 1 : a.startDate > b.startDate ? -1 : 0;
}
