/**
 * The BS month table (issue 16 §6): one data file with each year's source, provisional years
 * from 2084 BS, and run-time corrections that conversions use at once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dateConfigMap } from 'nepali-date-converter';
import { BS_CALENDAR, BS_CALENDAR_SOURCES } from './bs-calendar-data';
import {
  BS_MAX_YEAR,
  BS_MIN_YEAR,
  adToBs,
  bsCalendarYear,
  bsToAd,
  clearMonthLengthOverrides,
  daysInBsMonth,
  isProvisionalAd,
  isProvisionalBs,
  isProvisionalBsYear,
  isValidBs,
  monthLengthOverrides,
  setMonthLengthOverrides,
} from './bs-date';

const MS_PER_DAY = 86_400_000;
const addDays = (ad: string, n: number): string =>
  new Date(Date.parse(`${ad}T00:00:00Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);

/** bikram-sambat 1.8.1's projection of 2084 BS (365 days; the table's has 366). */
const OTHER_2084 = [31, 31, 32, 31, 31, 30, 30, 30, 29, 30, 30, 30];

afterEach(() => clearMonthLengthOverrides());

describe('the table', () => {
  it('has every year 2000–2090 with 12 lengths of 29..32 adding up to 365 or 366', () => {
    expect(BS_CALENDAR.map((y) => y.year)).toEqual(Array.from({ length: 91 }, (_, i) => 2000 + i));
    expect([BS_MIN_YEAR, BS_MAX_YEAR]).toEqual([2000, 2090]);
    for (const y of BS_CALENDAR) {
      expect(y.months, `${y.year}`).toHaveLength(12);
      expect(
        y.months.every((n) => n >= 29 && n <= 32),
        `${y.year}`,
      ).toBe(true);
      expect([365, 366], `${y.year}`).toContain(y.months.reduce((a, b) => a + b, 0));
    }
  });

  it('names a source for every year and marks 2084 BS on as provisional', () => {
    for (const y of BS_CALENDAR) {
      expect(BS_CALENDAR_SOURCES[y.source], `${y.year}`).toBeTruthy();
      expect(y.provisional, `${y.year}`).toBe(y.year >= 2084);
      expect(y.source, `${y.year}`).toBe(y.year >= 2084 ? 'projected' : 'published');
    }
  });

  it("holds nepali-date-converter 3.4.0's lengths, and conversions read no other table", async () => {
    const keys = ['Baisakh', 'Jestha', 'Asar', 'Shrawan', 'Bhadra', 'Aswin'] as const;
    const keys2 = ['Kartik', 'Mangsir', 'Poush', 'Magh', 'Falgun', 'Chaitra'] as const;
    for (const y of BS_CALENDAR) {
      const theirs = dateConfigMap[String(y.year)];
      expect(y.months, `${y.year}`).toEqual([...keys, ...keys2].map((k) => theirs[k]));
    }
    const source = await readFile(path.join(import.meta.dirname, 'bs-date.ts'), 'utf8');
    expect(source).not.toMatch(/^import .*nepali-date-converter/m);
    expect(source).toMatch(/from '\.\/bs-calendar-data\.js'/);
  });
});

describe('provisional dates', () => {
  const first2084 = bsToAd({ year: 2084, month: 1, day: 1 });

  it('flags years, BS dates and AD dates from 1 Baishakh 2084 BS on', () => {
    expect(isProvisionalBsYear(2083)).toBe(false);
    expect(isProvisionalBsYear(2084)).toBe(true);
    expect(isProvisionalBsYear(2090)).toBe(true);
    expect(isProvisionalBsYear(2091)).toBe(true); // after the table: not even projected
    expect(isProvisionalBsYear(1999)).toBe(false);
    expect(isProvisionalBsYear(2084.5)).toBe(false);
    expect(isProvisionalBs({ year: 2083, month: 12, day: 30 })).toBe(false);
    expect(isProvisionalBs({ year: 2084, month: 1, day: 1 })).toBe(true);
    expect(isProvisionalAd(addDays(first2084, -1))).toBe(false);
    expect(isProvisionalAd(first2084)).toBe(true);
    expect(isProvisionalAd('2040-01-01')).toBe(true); // after 2090 BS
    expect(isProvisionalAd('1900-01-01')).toBe(false);
    expect(isProvisionalAd(new Date(`${first2084}T00:00:00+05:45`))).toBe(true);
    expect(() => isProvisionalAd('2027-02-30')).toThrow(RangeError);
    expect(bsCalendarYear(2084)).toMatchObject({
      provisional: true,
      source: 'projected',
      corrected: false,
    });
  });
});

describe('setMonthLengthOverrides', () => {
  it('corrects a provisional year at once; later years move with its total; null undoes it', () => {
    const before2083 = bsToAd({ year: 2083, month: 12, day: 30 });
    const before2085 = bsToAd({ year: 2085, month: 1, day: 1 });
    expect(daysInBsMonth(2084, 2)).toBe(32);
    expect(isValidBs({ year: 2084, month: 3, day: 32 })).toBe(false);

    setMonthLengthOverrides(2084, OTHER_2084);
    expect(Array.from({ length: 12 }, (_, m) => daysInBsMonth(2084, m + 1))).toEqual(OTHER_2084);
    expect(bsToAd({ year: 2084, month: 3, day: 32 })).toBe(
      addDays(bsToAd({ year: 2084, month: 3, day: 1 }), 31),
    );
    expect(bsToAd({ year: 2083, month: 12, day: 30 })).toBe(before2083); // earlier years keep theirs
    expect(bsToAd({ year: 2085, month: 1, day: 1 })).toBe(addDays(before2085, -1)); // 365, not 366
    expect(adToBs(addDays(before2085, -1))).toEqual({ year: 2085, month: 1, day: 1 });
    expect(bsCalendarYear(2084)).toMatchObject({ months: OTHER_2084, corrected: true });
    expect(isProvisionalBsYear(2084)).toBe(true);
    expect(monthLengthOverrides().map((y) => y.year)).toEqual([2084]);
    // contiguous and round-tripping over the corrected years
    let ad = bsToAd({ year: 2084, month: 1, day: 1 });
    for (let year = 2084; year <= BS_MAX_YEAR; year++) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= daysInBsMonth(year, month); day++) {
          expect(bsToAd({ year, month, day })).toBe(ad);
          expect(adToBs(ad)).toEqual({ year, month, day });
          ad = addDays(ad, 1);
        }
      }
    }

    setMonthLengthOverrides(2084, null);
    expect(daysInBsMonth(2084, 2)).toBe(32);
    expect(bsToAd({ year: 2085, month: 1, day: 1 })).toBe(before2085);
    expect(monthLengthOverrides()).toEqual([]);
  });

  it('marks the year published when the lengths are the official calendar', () => {
    const in2084 = bsToAd({ year: 2084, month: 6, day: 1 });
    setMonthLengthOverrides(2084, OTHER_2084, { provisional: false });
    expect(isProvisionalBsYear(2084)).toBe(false);
    expect(isProvisionalAd(in2084)).toBe(false);
    expect(isProvisionalBsYear(2085)).toBe(true);
    clearMonthLengthOverrides();
    expect(isProvisionalBsYear(2084)).toBe(true);
  });

  it('refuses published years, years outside the table and impossible lengths', () => {
    const ok = [...OTHER_2084];
    expect(() => setMonthLengthOverrides(2083, ok)).toThrow(/published calendar/);
    expect(() => setMonthLengthOverrides(2091, ok)).toThrow(RangeError);
    expect(() => setMonthLengthOverrides(2084, ok.slice(1))).toThrow(RangeError);
    expect(() => setMonthLengthOverrides(2084, [33, ...ok.slice(1)])).toThrow(RangeError);
    expect(() => setMonthLengthOverrides(2084, [30.5, ...ok.slice(1)])).toThrow(RangeError);
    expect(() => setMonthLengthOverrides(2084, [29, ...ok.slice(1)])).toThrow(/365 or 366/);
    expect(monthLengthOverrides()).toEqual([]);
    expect(daysInBsMonth(2084, 2)).toBe(32);
  });
});
