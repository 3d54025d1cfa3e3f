/**
 * BS calendar arithmetic for the date picker: day numbers, weekdays, adding days and months
 * within the calendar table, bounds, and reading typed BS text (src/shared/bs-date.ts holds
 * the table and the conversions).
 */
import {
  adToBs,
  BS_MAX_YEAR,
  BS_MIN_YEAR,
  bsToAd,
  daysInBsMonth,
  parseBs,
  type BsDate,
} from '../../shared/bs-date.js';

const MS_PER_DAY = 86_400_000;
/** Weekday keys of the catalogue (datePicker.weekdays*), Sunday first as in Nepali calendars. */
export const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export const FIRST: BsDate = { year: BS_MIN_YEAR, month: 1, day: 1 };
export const LAST: BsDate = { year: BS_MAX_YEAR, month: 12, day: daysInBsMonth(BS_MAX_YEAR, 12) };

/** Day number (days since 1970-01-01) of a valid BS date. */
function dayNumber(bs: BsDate): number {
  return Date.parse(`${bsToAd(bs)}T00:00:00Z`) / MS_PER_DAY;
}

/** 0 = Sunday … 6 = Saturday. */
export function bsWeekday(bs: BsDate): number {
  return new Date(dayNumber(bs) * MS_PER_DAY).getUTCDay();
}

/** `bs` moved by `n` days, kept inside the BS table. */
export function addBsDays(bs: BsDate, n: number): BsDate {
  const d = new Date((dayNumber(bs) + n) * MS_PER_DAY).toISOString().slice(0, 10);
  try {
    return adToBs(d);
  } catch {
    return n < 0 ? FIRST : LAST;
  }
}

/** `bs` moved by `n` months; the day is cut to the new month's length (32 Ashadh → 31 Shrawan). */
export function addBsMonths(bs: BsDate, n: number): BsDate {
  const index = bs.year * 12 + (bs.month - 1) + n;
  const year = Math.floor(index / 12);
  if (year < BS_MIN_YEAR) return { ...FIRST, day: Math.min(bs.day, daysInBsMonth(BS_MIN_YEAR, 1)) };
  if (year > BS_MAX_YEAR) return LAST;
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(bs.day, daysInBsMonth(year, month)) };
}

/** BS date comparison by calendar order. */
export function cmp(a: BsDate, b: BsDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function clamp(bs: BsDate, lo: BsDate, hi: BsDate): BsDate {
  if (cmp(bs, lo) < 0) return lo;
  if (cmp(bs, hi) > 0) return hi;
  return bs;
}

/** BS of an AD bound, or the table's end when absent or outside the table. */
export function boundOf(ad: string | undefined, fallback: BsDate): BsDate {
  if (!ad) return fallback;
  try {
    return adToBs(ad);
  } catch {
    return fallback;
  }
}

export type BsTextCheck =
  { ad: string; error?: undefined } | { ad: null; error: 'date' | 'notBefore' | 'notAfter' };

/**
 * Reads typed BS text: '' for empty text, else the AD date 'YYYY-MM-DD', or the reason it is
 * refused: 'date' (malformed or impossible, e.g. 2082-04-32 when Shrawan has 31 days),
 * 'notBefore' / 'notAfter' (outside the optional AD bounds `min`/`max`, inclusive).
 */
export function checkBsText(text: string, min?: string, max?: string): BsTextCheck {
  if (!text.trim()) return { ad: '' };
  const bs = parseBs(text);
  if (!bs) return { ad: null, error: 'date' };
  const ad = bsToAd(bs);
  if (min && ad < min) return { ad: null, error: 'notBefore' };
  if (max && ad > max) return { ad: null, error: 'notAfter' };
  return { ad };
}
