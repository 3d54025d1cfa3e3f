import { describe, it, expect } from 'vitest';
import { adToBs, bsToAd, daysInBsMonth } from './bs-date';
import {
  fiscalYearFromStart,
  fiscalYearOf,
  fiscalYearRange,
  latestStartFirst,
  parseFiscalYear,
} from './fiscal-year';

describe('fiscalYearFromStart', () => {
  it('describes 2082/83', () => {
    expect(fiscalYearFromStart(2082)).toEqual({
      code: '2082/83',
      slug: '2082-83',
      startBsYear: 2082,
      startAd: '2025-07-17',
      endAd: '2026-07-16',
      nameNe: '२०८२/८३',
    });
  });

  it('describes 2081/82', () => {
    const fy = fiscalYearFromStart(2081);
    expect([fy.code, fy.startAd, fy.endAd, fy.nameNe]).toEqual([
      '2081/82',
      '2024-07-16',
      '2025-07-16',
      '२०८१/८२',
    ]);
  });

  it('runs from 1 Shrawan to the last day of Ashadh of the next year', () => {
    for (let y = 2000; y <= 2089; y++) {
      const fy = fiscalYearFromStart(y);
      expect(adToBs(fy.startAd)).toEqual({ year: y, month: 4, day: 1 });
      expect(adToBs(fy.endAd)).toEqual({ year: y + 1, month: 3, day: daysInBsMonth(y + 1, 3) });
      // Consecutive fiscal years tile the calendar without gaps or overlaps.
      const next = fiscalYearFromStart(y + 1 <= 2089 ? y + 1 : y);
      if (next.startBsYear === y + 1) {
        const dayAfterEnd = new Date(Date.parse(`${fy.endAd}T00:00:00Z`) + 86_400_000);
        expect(next.startAd).toBe(dayAfterEnd.toISOString().slice(0, 10));
      }
    }
  });

  it('pads the two-digit end year', () => {
    expect(fiscalYearFromStart(2009).code).toBe('2009/10');
    expect(fiscalYearFromStart(2000).code).toBe('2000/01');
  });

  it('throws RangeError outside the supported BS range', () => {
    expect(() => fiscalYearFromStart(1999)).toThrow(RangeError);
    expect(() => fiscalYearFromStart(2090)).toThrow(RangeError); // would end in Ashadh 2091
    expect(() => fiscalYearFromStart(2082.5)).toThrow(RangeError);
  });
});

describe('fiscalYearOf', () => {
  it.each([
    ['2025-07-17', '2082/83'], // 2082-04-01 BS, first day
    ['2025-07-16', '2081/82'], // 2082-03-32 BS, last day
    ['2024-07-16', '2081/82'], // 2081-04-01 BS
    ['2024-07-15', '2080/81'], // 2081-03-31 BS
    ['2026-07-16', '2082/83'], // 2083-03-32 BS
    ['2026-07-17', '2083/84'], // 2083-04-01 BS
    ['2026-01-01', '2082/83'],
    ['2026-11-22', '2083/84'],
  ])('%s AD is in %s', (ad, code) => {
    expect(fiscalYearOf(ad).code).toBe(code);
  });

  it('agrees with the start and end dates it reports', () => {
    const fy = fiscalYearOf('2025-12-31');
    expect(fiscalYearOf(fy.startAd)).toEqual(fy);
    expect(fiscalYearOf(fy.endAd)).toEqual(fy);
    expect(bsToAd({ year: fy.startBsYear, month: 4, day: 1 })).toBe(fy.startAd);
  });

  it('throws RangeError for malformed or unsupported dates', () => {
    expect(() => fiscalYearOf('2025-7-17')).toThrow(RangeError);
    expect(() => fiscalYearOf('1943-04-14')).toThrow(RangeError); // FY 1999/00 unsupported
  });
});

describe('fiscalYearRange', () => {
  it('is inclusive and oldest first', () => {
    expect(fiscalYearRange(2080, 2083).map((f) => f.code)).toEqual([
      '2080/81',
      '2081/82',
      '2082/83',
      '2083/84',
    ]);
    expect(fiscalYearRange(2082, 2082).map((f) => f.slug)).toEqual(['2082-83']);
    expect(fiscalYearRange(2083, 2082)).toEqual([]);
  });

  it('throws RangeError for unsupported years', () => {
    expect(() => fiscalYearRange(2088, 2090)).toThrow(RangeError);
  });
});

describe('parseFiscalYear', () => {
  it('accepts code, slug and Devanagari', () => {
    expect(parseFiscalYear('2082/83')?.startBsYear).toBe(2082);
    expect(parseFiscalYear('2082-83')?.startBsYear).toBe(2082);
    expect(parseFiscalYear('२०८२/८३')?.startBsYear).toBe(2082);
    expect(parseFiscalYear('2009/10')?.code).toBe('2009/10');
  });

  it('returns null for malformed, non-consecutive or unsupported years', () => {
    for (const s of ['', '2082', '2082/84', '2082/2083', '82/83', '1999/00', '2090/91']) {
      expect(parseFiscalYear(s), s).toBeNull();
    }
  });
});

describe('latestStartFirst', () => {
  it('orders fiscal years by start date, latest first, across a year and a month boundary', () => {
    const years = [
      { code: '2081/82', startDate: '2024-07-16' },
      { code: '2083/84', startDate: '2026-07-17' },
      { code: '2082/83', startDate: '2025-07-17' },
      { code: '2082/83 (copy)', startDate: '2025-07-17' },
      { code: '2080/81', startDate: '2023-07-17' },
    ];
    expect([...years].sort(latestStartFirst).map((y) => y.code)).toEqual([
      '2083/84',
      '2082/83',
      '2082/83 (copy)',
      '2081/82',
      '2080/81',
    ]);
  });
});
