import { describe, it, expect } from 'vitest';
// @ts-expect-error bikram-sambat is CommonJS without type declarations; typed below.
import bikramSambat from 'bikram-sambat';
import * as nepaliDateConverter from 'nepali-date-converter';
import {
  BS_MAX_YEAR,
  BS_MIN_YEAR,
  type BsDate,
  adToBs,
  bsMonthName,
  bsToAd,
  daysInBsMonth,
  formatBs,
  isValidBs,
  parseBs,
  todayAd,
  todayBs,
} from './bs-date';

/** The parts of `bikram-sambat` used here. */
type BikramSambat = {
  daysInMonth(year: number, month: number): number;
  toBik(greg: string): BsDate;
  toGreg_text(year: number, month: number, day: number): string;
};
const bikram = bikramSambat as BikramSambat;

// nepali-date-converter's class is the UMD build's `exports.default`: bundlers unwrap it, but a
// native Node ESM import yields `{ default: NepaliDate }` as the default export.
type NepaliDateClass = typeof nepaliDateConverter.default;
const ndcDefault = nepaliDateConverter.default as NepaliDateClass | { default: NepaliDateClass };
const NepaliDate = 'default' in ndcDefault ? ndcDefault.default : ndcDefault;

const MS_PER_DAY = 86_400_000;
const nextAdDay = (ad: string): string =>
  new Date(Date.parse(`${ad}T00:00:00Z`) + MS_PER_DAY).toISOString().slice(0, 10);

describe('known dates', () => {
  const known: [BsDate, string][] = [
    [{ year: 2000, month: 1, day: 1 }, '1943-04-14'],
    [{ year: 2081, month: 4, day: 1 }, '2024-07-16'],
    [{ year: 2082, month: 4, day: 1 }, '2025-07-17'],
    [{ year: 2082, month: 3, day: 32 }, '2025-07-16'],
    [{ year: 2081, month: 3, day: 31 }, '2024-07-15'],
    [{ year: 2083, month: 4, day: 1 }, '2026-07-17'],
    [{ year: 2083, month: 8, day: 6 }, '2026-11-22'],
  ];
  it.each(known)('%o BS = %s AD', (bs, ad) => {
    expect(bsToAd(bs)).toBe(ad);
    expect(adToBs(ad)).toEqual(bs);
  });

  it('covers BS 2000-01-01 through the last day of 2090', () => {
    expect(BS_MIN_YEAR).toBe(2000);
    expect(BS_MAX_YEAR).toBe(2090);
    expect(bsToAd({ year: 2090, month: 12, day: daysInBsMonth(2090, 12) })).toBe('2034-04-13');
    expect(adToBs('2034-04-13')).toEqual({ year: 2090, month: 12, day: 30 });
  });
});

describe('round trips', () => {
  it('bsToAd ∘ adToBs is the identity on AD dates, sampled across the range', () => {
    for (let ad = '1943-04-14'; ad < '2034-04-14';) {
      expect(bsToAd(adToBs(ad))).toBe(ad);
      const t = Date.parse(`${ad}T00:00:00Z`) + 13 * MS_PER_DAY;
      ad = new Date(t).toISOString().slice(0, 10);
    }
  });

  it('formatBs and parseBs are inverse in both languages', () => {
    const bs = { year: 2082, month: 4, day: 1 };
    expect(parseBs(formatBs(bs, 'en-US'))).toEqual(bs);
    expect(parseBs(formatBs(bs, 'ne'))).toEqual(bs);
  });
});

describe('invalid input', () => {
  it('bsToAd throws RangeError for impossible or unsupported BS dates', () => {
    expect(() => bsToAd({ year: 2082, month: 3, day: 33 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 2081, month: 3, day: 32 })).toThrow(RangeError); // Ashadh 2081 has 31
    expect(() => bsToAd({ year: 2082, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 2082, month: 0, day: 1 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 2082, month: 4, day: 0 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 2082, month: 4, day: 1.5 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 1999, month: 12, day: 30 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 2091, month: 1, day: 1 })).toThrow(/outside the supported range/);
    expect(() => bsToAd({ year: Number.NaN, month: 1, day: 1 })).toThrow(RangeError);
  });

  it('adToBs throws RangeError for malformed, impossible or out-of-range AD dates', () => {
    expect(() => adToBs('2025-02-29')).toThrow(RangeError);
    expect(() => adToBs('2025-13-01')).toThrow(RangeError);
    expect(() => adToBs('2025-7-17')).toThrow(RangeError);
    expect(() => adToBs('17/07/2025')).toThrow(RangeError);
    expect(() => adToBs('')).toThrow(RangeError);
    expect(() => adToBs('1943-04-13')).toThrow(RangeError); // day before 2000-01-01 BS
    expect(() => adToBs('1943-04-12')).toThrow(RangeError);
    expect(() => adToBs('2034-04-14')).toThrow(RangeError); // day after the end of 2090 BS
    expect(() => adToBs(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('daysInBsMonth throws RangeError outside the table', () => {
    expect(() => daysInBsMonth(1999, 1)).toThrow(RangeError);
    expect(() => daysInBsMonth(2091, 1)).toThrow(RangeError);
    expect(() => daysInBsMonth(2082, 13)).toThrow(RangeError);
  });

  it('isValidBs rejects what bsToAd rejects', () => {
    expect(isValidBs({ year: 2082, month: 3, day: 32 })).toBe(true);
    expect(isValidBs({ year: 2082, month: 3, day: 33 })).toBe(false);
    expect(isValidBs({ year: 2091, month: 1, day: 1 })).toBe(false);
  });
});

describe('Date input and today in Kathmandu (UTC+5:45)', () => {
  it('todayAd at 2026-11-21T20:00:00Z is 2026-11-22', () => {
    expect(todayAd(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
    expect(todayBs(new Date('2026-11-21T20:00:00Z'))).toEqual({ year: 2083, month: 8, day: 6 });
  });

  it('the Kathmandu day changes at 18:15 UTC', () => {
    expect(todayAd(new Date('2025-07-16T18:14:59Z'))).toBe('2025-07-16');
    expect(todayAd(new Date('2025-07-16T18:15:00Z'))).toBe('2025-07-17');
    expect(adToBs(new Date('2025-07-16T18:14:59Z'))).toEqual({ year: 2082, month: 3, day: 32 });
    expect(adToBs(new Date('2025-07-16T18:15:00Z'))).toEqual({ year: 2082, month: 4, day: 1 });
  });

  it('reads the date by the fixed +05:45 offset exactly as ICU reads Asia/Kathmandu', () => {
    const icu = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kathmandu',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // every 7 h 13 min 17 s from 1986 to 2100 (days, midnights and offsets all fall differently),
    // and the instants around the 1986 change from +05:30 to +05:45
    const step = ((7 * 60 + 13) * 60 + 17) * 1000;
    const instants: number[] = [];
    for (let t = Date.UTC(1986, 0, 1); t < Date.UTC(2100, 0, 1); t += step) instants.push(t);
    for (let m = -60; m <= 60; m++) instants.push(Date.UTC(1985, 11, 31, 18, 30 + m));
    for (const t of instants) expect(todayAd(new Date(t))).toBe(icu.format(new Date(t)));
  });

  it('todayAd defaults to now', () => {
    expect(todayAd()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(isValidBs(todayBs())).toBe(true);
  });
});

describe('formatBs / parseBs / bsMonthName', () => {
  it('formats with zero padding, Devanagari digits in ne', () => {
    expect(formatBs({ year: 2082, month: 4, day: 1 }, 'en-US')).toBe('2082-04-01');
    expect(formatBs({ year: 2082, month: 4, day: 1 }, 'ne')).toBe('२०८२-०४-०१');
    expect(formatBs({ year: 2082, month: 12, day: 30 }, 'ne')).toBe('२०८२-१२-३०');
    expect(() => formatBs({ year: 2082, month: 3, day: 33 }, 'en-US')).toThrow(RangeError);
  });

  it('parses Latin and Devanagari digits', () => {
    expect(parseBs('2082-04-01')).toEqual({ year: 2082, month: 4, day: 1 });
    expect(parseBs('२०८२-०४-०१')).toEqual({ year: 2082, month: 4, day: 1 });
    expect(parseBs(' 2082/4/1 ')).toEqual({ year: 2082, month: 4, day: 1 });
  });

  it('returns null for malformed or invalid strings', () => {
    for (const s of [
      '',
      '2082',
      '2082-04',
      '2082-04-01x',
      '82-04-01',
      '2082-004-01',
      '2082-04/01',
      '2082-03-33',
      '2082-13-01',
      '2082-00-10',
      '2091-01-01',
      '१९९९-०१-०१',
    ]) {
      expect(parseBs(s), s).toBeNull();
    }
  });

  it('names months in both languages', () => {
    expect(bsMonthName(1, 'en-US')).toBe('Baishakh');
    expect(bsMonthName(3, 'en-US')).toBe('Ashadh');
    expect(bsMonthName(4, 'en-US')).toBe('Shrawan');
    expect(bsMonthName(12, 'en-US')).toBe('Chaitra');
    expect(bsMonthName(1, 'ne')).toBe('बैशाख');
    expect(bsMonthName(4, 'ne')).toBe('साउन');
    expect(bsMonthName(7, 'ne')).toBe('कात्तिक');
    expect(bsMonthName(12, 'ne')).toBe('चैत');
    expect(() => bsMonthName(0, 'en-US')).toThrow(RangeError);
    expect(() => bsMonthName(13, 'ne')).toThrow(RangeError);
  });
});

describe('cross-checks', () => {
  /*
   * bikram-sambat 1.8.1 has month lengths for 1970–2090 BS; nepali-date-converter 3.4.0 for
   * 2000–2090 BS. Their tables agree for 2000–2083 BS and disagree from 2084 BS on (the years
   * not yet published by the Nepal Panchang Nirnayak Samiti), so the exhaustive check stops at
   * the end of 2083 BS.
   */
  it('agrees with bikram-sambat on every day from 2000-01-01 BS to the end of 2083 BS', () => {
    const mismatches: string[] = [];
    let expectedAd = '1943-04-14';
    let days = 0;
    for (let year = 2000; year <= 2083; year++) {
      for (let month = 1; month <= 12; month++) {
        const length = daysInBsMonth(year, month);
        if (length !== bikram.daysInMonth(year, month)) {
          mismatches.push(`length of ${year}-${month}`);
        }
        for (let day = 1; day <= length; day++) {
          const bs = { year, month, day };
          const ad = bsToAd(bs);
          if (ad !== expectedAd) mismatches.push(`${year}-${month}-${day}: not contiguous`);
          if (ad !== bikram.toGreg_text(year, month, day)) {
            mismatches.push(`bsToAd ${year}-${month}-${day}`);
          }
          const back = adToBs(ad);
          const theirs = bikram.toBik(ad);
          if (back.year !== year || back.month !== month || back.day !== day) {
            mismatches.push(`adToBs ${ad}: round trip`);
          }
          if (theirs.year !== year || theirs.month !== month || theirs.day !== day) {
            mismatches.push(`adToBs ${ad}: bikram-sambat`);
          }
          expectedAd = nextAdDay(ad);
          days++;
        }
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(days).toBe(30_681);
    expect(adToBs(expectedAd)).toEqual({ year: 2084, month: 1, day: 1 });
    expect(bikram.toBik(expectedAd)).toEqual({ year: 2084, month: 1, day: 1 });
  });

  it('documents that the libraries disagree from 2084 BS (we follow nepali-date-converter)', () => {
    expect(daysInBsMonth(2084, 2)).toBe(32);
    expect(bikram.daysInMonth(2084, 2)).toBe(31);
  });

  it("agrees with nepali-date-converter's own NepaliDate class (months 0-indexed there)", () => {
    for (let ad = '1943-04-14'; ad < '2034-04-14';) {
      const [y, m, d] = ad.split('-').map(Number);
      const bs = adToBs(ad);
      const fromAd = new NepaliDate(new Date(y, m - 1, d)).getBS();
      expect({ year: fromAd.year, month: fromAd.month + 1, day: fromAd.date }).toEqual(bs);
      const toAd = new NepaliDate(bs.year, bs.month - 1, bs.day).getAD();
      expect([toAd.year, toAd.month + 1, toAd.date]).toEqual([y, m, d]);
      const t = Date.parse(`${ad}T00:00:00Z`) + 61 * MS_PER_DAY;
      ad = new Date(t).toISOString().slice(0, 10);
    }
  });
});
