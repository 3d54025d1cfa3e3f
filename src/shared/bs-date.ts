/**
 * Bikram Sambat (BS) calendar: conversion to and from the Gregorian (AD) calendar, today's date
 * in Nepal, formatting and parsing. Pure; runs in the browser and in Node.
 *
 * The month-length table is `bs-calendar-data.ts` (BS 2000–2090, taken from
 * `nepali-date-converter`'s `dateConfigMap`, with each year's source and a `provisional` flag
 * for years without a published calendar), plus the run-time corrections of provisional years
 * set with `setMonthLengthOverrides`. Conversion is plain day-count arithmetic over that table
 * rather than `nepali-date-converter`'s `NepaliDate` class, because the class (a) reads and
 * builds `Date`s in the host's local time zone, (b) silently rolls invalid dates over
 * (32 Ashadh → 1 Shrawan) instead of rejecting them, (c) maps AD dates before its epoch to
 * wrong BS dates instead of throwing, and (d) is a UMD default export, which native Node ESM
 * sees as `{ default: NepaliDate }`.
 *
 * Conventions: AD dates are calendar dates written 'YYYY-MM-DD' and never shifted by a time
 * zone; instants (`Date`) are read in Asia/Kathmandu. BS months are 1-indexed (1 = Baishakh,
 * 4 = Shrawan, 12 = Chaitra), unlike the library's 0-indexed months.
 */
import { BS_CALENDAR, type BsCalendarSource, type MonthLengths } from './bs-calendar-data.js';
import { once } from './once.js';

/** A Bikram Sambat calendar date. `month` is 1..12 (1 = Baishakh); `day` is 1..32. */
export type BsDate = { year: number; month: number; day: number };

type Lang = 'en-US' | 'ne';

const MS_PER_DAY = 86_400_000;

/** First BS year supported (2000): the first year of the table. */
export const BS_MIN_YEAR: number = BS_CALENDAR[0].year;
/** Last BS year supported, inclusive (2090): the last year of the table. */
export const BS_MAX_YEAR: number = BS_CALENDAR[BS_CALENDAR.length - 1].year;
BS_CALENDAR.forEach((y, i) => {
  if (y.year !== BS_MIN_YEAR + i) throw new Error(`BS calendar table: ${BS_MIN_YEAR + i} missing`);
});

/** Run-time corrections of provisional years (setMonthLengthOverrides). */
const overrides = new Map<number, { months: MonthLengths; provisional: boolean }>();

/** monthLengths[year - BS_MIN_YEAR][month - 1] = days in that BS month, corrections applied. */
let monthLengths: readonly MonthLengths[] = [];
/** yearOffsets[i] = days from 1 Baishakh BS_MIN_YEAR to 1 Baishakh (BS_MIN_YEAR + i). */
let yearOffsets: number[] = [];
let totalDays = 0;

function rebuild(): void {
  monthLengths = BS_CALENDAR.map((y) => overrides.get(y.year)?.months ?? y.months);
  yearOffsets = [0];
  for (const lengths of monthLengths) {
    yearOffsets.push(yearOffsets[yearOffsets.length - 1] + lengths.reduce((a, b) => a + b, 0));
  }
  totalDays = yearOffsets[yearOffsets.length - 1];
}
rebuild();

/** Days since 1970-01-01 of 1943-04-14 AD, which is 1 Baishakh 2000 BS (the table's start). */
const EPOCH_DAY = Date.UTC(1943, 3, 14) / MS_PER_DAY;

const EN_MONTHS = [
  'Baishakh',
  'Jestha',
  'Ashadh',
  'Shrawan',
  'Bhadra',
  'Ashwin',
  'Kartik',
  'Mangsir',
  'Poush',
  'Magh',
  'Falgun',
  'Chaitra',
];
const NE_MONTHS = [
  'बैशाख',
  'जेठ',
  'असार',
  'साउन',
  'भदौ',
  'असोज',
  'कात्तिक',
  'मंसिर',
  'पुस',
  'माघ',
  'फागुन',
  'चैत',
];

const DEVANAGARI_ZERO = 0x0966;

/**
 * Today's date in Nepal. Made on first use: a formatter with a time zone loads ICU's zone data,
 * ~20 ms of a phone's start-up that screens showing only stored dates never need (issue 18 §5).
 */
const KATHMANDU_DATE = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Kathmandu',
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

function showBs(bs: BsDate): string {
  return `${bs.year}-${bs.month}-${bs.day}`;
}

/** True when `year` is an integer in the supported range. */
function isSupportedYear(year: number): boolean {
  return Number.isInteger(year) && year >= BS_MIN_YEAR && year <= BS_MAX_YEAR;
}

/**
 * Days in a BS month.
 * @param year BS year, BS_MIN_YEAR..BS_MAX_YEAR (2000..2090).
 * @param month 1..12 (1 = Baishakh).
 * @returns 29..32.
 * @throws RangeError if the year is outside the supported range or the month is not 1..12.
 */
export function daysInBsMonth(year: number, month: number): number {
  if (!isSupportedYear(year)) {
    throw new RangeError(
      `BS year ${year} is outside the supported range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
    );
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Invalid BS month ${month} (expected 1..12)`);
  }
  return monthLengths[year - BS_MIN_YEAR][month - 1];
}

/**
 * True when `bs` is a real BS date in the supported range (integers, month 1..12, day within
 * the month). Never throws.
 */
export function isValidBs(bs: BsDate): boolean {
  if (!bs || !isSupportedYear(bs.year)) return false;
  if (!Number.isInteger(bs.month) || bs.month < 1 || bs.month > 12) return false;
  if (!Number.isInteger(bs.day) || bs.day < 1) return false;
  return bs.day <= monthLengths[bs.year - BS_MIN_YEAR][bs.month - 1];
}

function assertValidBs(bs: BsDate): void {
  if (isValidBs(bs)) return;
  if (bs && !isSupportedYear(bs.year)) {
    throw new RangeError(
      `BS year ${bs.year} is outside the supported range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
    );
  }
  throw new RangeError(`Invalid BS date ${bs ? showBs(bs) : String(bs)}`);
}

/** Days since 1970-01-01 of an AD calendar date 'YYYY-MM-DD'. */
function adStringToDay(ad: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ad);
  if (!m) throw new RangeError(`Invalid AD date '${ad}' (expected YYYY-MM-DD)`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    throw new RangeError(`Invalid AD date '${ad}'`);
  }
  return time / MS_PER_DAY;
}

function dayToAdString(dayNumber: number): string {
  const d = new Date(dayNumber * MS_PER_DAY);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

/**
 * Nepal Standard Time, UTC+05:45, from 1986-01-01 00:00 local time on (IANA tz database,
 * `Asia/Kathmandu`: +05:30 until then, never daylight saving time). In ms.
 */
const NPT_OFFSET_MS = (5 * 60 + 45) * 60_000;
/** 1986-01-01 00:00 at +05:30, as ms since the epoch: from here on the offset is fixed. */
const NPT_SINCE = Date.UTC(1985, 11, 31, 18, 30);

/**
 * The calendar date of an instant in Asia/Kathmandu, as 'YYYY-MM-DD' AD. Since 1986 by the fixed
 * offset: a formatter with a time zone loads ICU's zone data, ~10–40 ms the first time, which
 * was inside the applicant home's first render (issue 18 §5). Earlier instants ask ICU.
 * @throws RangeError on an invalid Date
 */
function kathmanduDateOf(instant: Date): string {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new RangeError('Invalid Date');
  }
  const t = instant.getTime();
  if (t >= NPT_SINCE) return dayToAdString(Math.floor((t + NPT_OFFSET_MS) / MS_PER_DAY));
  let year = '';
  let month = '';
  let day = '';
  for (const part of KATHMANDU_DATE().formatToParts(instant)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/**
 * Converts an AD date to BS.
 * @param ad Either an AD calendar date 'YYYY-MM-DD' (taken literally, never shifted by a time
 *   zone) or a `Date` instant, whose calendar date in Asia/Kathmandu is used.
 * @returns The BS date (month 1..12).
 * @throws RangeError if the string is not a real 'YYYY-MM-DD' date, the `Date` is invalid, or
 *   the date falls outside the supported range (1 Baishakh 2000 BS = 1943-04-14 AD through the
 *   end of Chaitra 2090 BS).
 */
export function adToBs(ad: string | Date): BsDate {
  const adString = typeof ad === 'string' ? ad : kathmanduDateOf(ad);
  const offset = adStringToDay(adString) - EPOCH_DAY;
  if (offset < 0 || offset >= totalDays) {
    throw new RangeError(
      `AD date ${adString} is outside the supported BS range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
    );
  }
  let i = 0;
  while (yearOffsets[i + 1] <= offset) i++;
  let rest = offset - yearOffsets[i];
  const lengths = monthLengths[i];
  let m = 0;
  while (rest >= lengths[m]) rest -= lengths[m++];
  return { year: BS_MIN_YEAR + i, month: m + 1, day: rest + 1 };
}

/**
 * Converts a BS date to AD.
 * @param bs BS date, month 1..12.
 * @returns The AD calendar date 'YYYY-MM-DD'.
 * @throws RangeError if `bs` is not a real BS date (e.g. day beyond the month's length, month
 *   13, non-integer fields) or its year is outside BS_MIN_YEAR..BS_MAX_YEAR (2000..2090).
 */
export function bsToAd(bs: BsDate): string {
  assertValidBs(bs);
  const i = bs.year - BS_MIN_YEAR;
  let offset = yearOffsets[i] + bs.day - 1;
  for (let m = 0; m < bs.month - 1; m++) offset += monthLengths[i][m];
  return dayToAdString(EPOCH_DAY + offset);
}

/**
 * Today's AD calendar date in Nepal (Asia/Kathmandu, UTC+5:45), whatever the host's time zone.
 * @param now The instant to read; defaults to the current time.
 * @returns 'YYYY-MM-DD' AD.
 * @throws RangeError if `now` is an invalid Date.
 */
export function todayAd(now: Date = new Date()): string {
  return kathmanduDateOf(now);
}

/**
 * Today's BS date in Nepal (Asia/Kathmandu).
 * @param now The instant to read; defaults to the current time.
 * @throws RangeError if `now` is invalid or outside the supported range.
 */
export function todayBs(now: Date = new Date()): BsDate {
  return adToBs(todayAd(now));
}

function toDevanagari(s: string): string {
  return s.replace(/[0-9]/g, (d) => String.fromCharCode(DEVANAGARI_ZERO + Number(d)));
}

function toLatin(s: string): string {
  return s.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
}

/**
 * Formats a BS date as 'YYYY-MM-DD' with zero padding, e.g. '2082-04-01'; in 'ne' with
 * Devanagari digits, e.g. '२०८२-०४-०१'.
 * @throws RangeError if `bs` is not a valid BS date in the supported range.
 */
export function formatBs(bs: BsDate, lang: Lang): string {
  assertValidBs(bs);
  const s = `${pad(bs.year, 4)}-${pad(bs.month, 2)}-${pad(bs.day, 2)}`;
  return lang === 'ne' ? toDevanagari(s) : s;
}

/**
 * Parses a BS date written 'YYYY-MM-DD' in Latin ('2082-04-01') or Devanagari ('२०८२-०४-०१')
 * digits. Surrounding whitespace is ignored; '/' is accepted as the separator and month/day
 * may have one digit ('2082/4/1').
 * @returns The BS date, or null if the string is malformed, not a real BS date, or outside the
 *   supported range. Never throws.
 */
export function parseBs(s: string): BsDate | null {
  if (typeof s !== 'string') return null;
  const m = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(toLatin(s.trim()));
  if (!m) return null;
  const bs = { year: Number(m[1]), month: Number(m[3]), day: Number(m[4]) };
  return isValidBs(bs) ? bs : null;
}

/**
 * Name of a BS month: 'Baishakh'..'Chaitra' in 'en-US', 'बैशाख'..'चैत' in 'ne'.
 * @param month 1..12 (1 = Baishakh).
 * @throws RangeError if month is not an integer 1..12.
 */
export function bsMonthName(month: number, lang: Lang): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Invalid BS month ${month} (expected 1..12)`);
  }
  return (lang === 'ne' ? NE_MONTHS : EN_MONTHS)[month - 1];
}

/** A year of the calendar as conversions use it: the table's entry with any correction. */
export interface BsCalendarYearInUse {
  year: number;
  months: MonthLengths;
  source: BsCalendarSource;
  /** No authoritative published calendar (and no correction that says otherwise). */
  provisional: boolean;
  /** The months come from setMonthLengthOverrides, not from the table. */
  corrected: boolean;
}

function tableYear(year: number) {
  if (!isSupportedYear(year)) {
    throw new RangeError(
      `BS year ${year} is outside the supported range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
    );
  }
  return BS_CALENDAR[year - BS_MIN_YEAR];
}

/**
 * A year's month lengths, source and status as conversions use them now.
 * @throws RangeError if the year is outside BS_MIN_YEAR..BS_MAX_YEAR.
 */
export function bsCalendarYear(year: number): BsCalendarYearInUse {
  const entry = tableYear(year);
  const override = overrides.get(year);
  return {
    year,
    months: override?.months ?? entry.months,
    source: entry.source,
    provisional: override?.provisional ?? entry.provisional,
    corrected: override !== undefined,
  };
}

/**
 * True when a BS year has no authoritative published calendar, so its dates may still move by a
 * day or two: a `provisional` year of the table (unless a correction marked it published), or
 * a year after the table. Never throws (false for years before the table and non-integers).
 */
export function isProvisionalBsYear(year: number): boolean {
  if (!Number.isInteger(year) || year < BS_MIN_YEAR) return false;
  if (year > BS_MAX_YEAR) return true;
  return overrides.get(year)?.provisional ?? BS_CALENDAR[year - BS_MIN_YEAR].provisional;
}

/** True when a BS date lies in a provisional year (see isProvisionalBsYear). Never throws. */
export function isProvisionalBs(bs: BsDate): boolean {
  return !!bs && isProvisionalBsYear(bs.year);
}

/**
 * True when an AD date's BS form is provisional: it falls in a provisional BS year or after the
 * table. A UI shows such a BS date with a mark ("may change").
 * @param ad 'YYYY-MM-DD' or a `Date` (its calendar date in Asia/Kathmandu).
 * @throws RangeError if the string is not a real 'YYYY-MM-DD' date or the `Date` is invalid.
 */
export function isProvisionalAd(ad: string | Date): boolean {
  const offset = adStringToDay(typeof ad === 'string' ? ad : kathmanduDateOf(ad)) - EPOCH_DAY;
  if (offset < 0) return false;
  if (offset >= totalDays) return true;
  let i = 0;
  while (yearOffsets[i + 1] <= offset) i++;
  return isProvisionalBsYear(BS_MIN_YEAR + i);
}

/**
 * Corrects a provisional year's 12 month lengths at run time (an administrator's correction,
 * or the official calendar published before bs-calendar-data.ts is updated). Every conversion
 * uses it from the next call on; dates of the later years move with the year's new total.
 * @param year A year the table marks provisional; published years are not changed here.
 * @param lengths Baishakh … Chaitra, integers 29..32 adding up to 365 or 366; null removes the
 *   correction.
 * @param opts.provisional Whether the year stays provisional (default true); false when the
 *   lengths are the published calendar's.
 * @throws RangeError for a year that is not provisional in the table, or invalid lengths.
 */
export function setMonthLengthOverrides(
  year: number,
  lengths: readonly number[] | null,
  opts: { provisional?: boolean } = {},
): void {
  if (!tableYear(year).provisional) {
    throw new RangeError(`BS ${year} has a published calendar: its month lengths are fixed`);
  }
  if (lengths === null) {
    overrides.delete(year);
  } else {
    const valid =
      lengths.length === 12 && lengths.every((n) => Number.isInteger(n) && n >= 29 && n <= 32);
    const total = valid ? lengths.reduce((a, b) => a + b, 0) : 0;
    if (total !== 365 && total !== 366) {
      throw new RangeError(
        `Invalid month lengths for BS ${year}: 12 integers 29..32 adding up to 365 or 366 expected`,
      );
    }
    overrides.set(year, {
      months: Object.freeze([...lengths]) as MonthLengths,
      provisional: opts.provisional ?? true,
    });
  }
  rebuild();
}

/** The corrections in force, by year (to show or store them). */
export function monthLengthOverrides(): BsCalendarYearInUse[] {
  return [...overrides.keys()].sort((a, b) => a - b).map(bsCalendarYear);
}

/** Removes every correction: conversions use the table alone again. */
export function clearMonthLengthOverrides(): void {
  overrides.clear();
  rebuild();
}
