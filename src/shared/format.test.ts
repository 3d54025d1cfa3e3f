import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  formatAdAsBs,
  formatAdAsBsOrAd,
  formatNumber,
  formatPaisa,
  toLatinDigits,
  toNepaliDigits,
} from './format';

describe('digits', () => {
  it('converts Latin digits to Devanagari and back', () => {
    expect(toNepaliDigits('2082-04-01')).toBe('२०८२-०४-०१');
    expect(toNepaliDigits(1234567890)).toBe('१२३४५६७८९०');
    expect(toNepaliDigits('Rs. 5')).toBe('Rs. ५');
    expect(toLatinDigits('२०८२/८३')).toBe('2082/83');
    expect(toLatinDigits('abc १२३ 456')).toBe('abc 123 456');
    expect(toLatinDigits(toNepaliDigits('0123456789'))).toBe('0123456789');
  });
});

describe('formatNumber', () => {
  it('uses Indian grouping in both languages', () => {
    expect(formatNumber(123456, 'en-US')).toBe('1,23,456');
    expect(formatNumber(1234567.5, 'en-US')).toBe('12,34,567.5');
    expect(formatNumber(999, 'en-US')).toBe('999');
    expect(formatNumber(-1234, 'en-US')).toBe('-1,234');
    expect(formatNumber(123456, 'ne')).toBe('१,२३,४५६');
    expect(formatNumber(1234567.5, 'ne')).toBe('१२,३४,५६७.५');
    expect(formatNumber(0, 'ne')).toBe('०');
  });

  // formatNumber writes en-IN itself (a formatter costs a phone's first render ~50 ms): it must
  // give exactly what Intl gives, for every number.
  const intl = new Intl.NumberFormat('en-IN');
  it('gives the same text as Intl.NumberFormat en-IN', () => {
    for (const n of [
      0,
      -0,
      1,
      -1,
      12,
      123,
      1234,
      12345,
      123456,
      1234567,
      0.5,
      0.0625,
      1.0005,
      2.675,
      0.0001,
      -0.0001,
      999.9995,
      999999.9996,
      1e15 + 0.5,
      2 ** 53,
      2 ** 60,
      1e20,
      1e21,
      1.5e300,
      Number.MIN_VALUE,
      NaN,
      Infinity,
      -Infinity,
    ]) {
      expect(formatNumber(n, 'en-US'), String(n)).toBe(intl.format(n));
    }
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.double({ min: -1e7, max: 1e7 })), (n) => {
        expect(formatNumber(n, 'en-US')).toBe(intl.format(n));
        expect(formatNumber(n, 'ne')).toBe(toNepaliDigits(intl.format(n)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('formatPaisa', () => {
  it('formats integer paisa as rupees with two decimals', () => {
    expect(formatPaisa(12345600, 'en-US')).toBe('Rs. 1,23,456.00');
    expect(formatPaisa(12345600, 'ne')).toBe('रु. १,२३,४५६.००');
    expect(formatPaisa(150050, 'en-US')).toBe('Rs. 1,500.50');
    expect(formatPaisa(5, 'en-US')).toBe('Rs. 0.05');
    expect(formatPaisa(0, 'ne')).toBe('रु. ०.००');
    expect(formatPaisa(-250, 'en-US')).toBe('Rs. -2.50');
    expect(formatPaisa(Number.MAX_SAFE_INTEGER, 'en-US')).toBe('Rs. 9,00,71,99,25,47,409.91');
  });

  it('throws TypeError for non-integers', () => {
    expect(() => formatPaisa(1.5, 'en-US')).toThrow(TypeError);
    expect(() => formatPaisa(Number.NaN, 'en-US')).toThrow(TypeError);
    expect(() => formatPaisa(Number.MAX_SAFE_INTEGER + 1, 'ne')).toThrow(TypeError);
    expect(() => formatPaisa('100' as unknown as number, 'en-US')).toThrow(TypeError);
  });
});

describe('formatAdAsBsOrAd', () => {
  it('shows BS inside the table and the AD date beyond it, never throwing', () => {
    expect(formatAdAsBsOrAd('2025-07-17', 'ne')).toBe('२०८२-०४-०१');
    expect(formatAdAsBsOrAd('2200-01-01', 'en-US')).toBe('2200-01-01');
    expect(formatAdAsBsOrAd('2200-01-01', 'ne')).toBe('२२००-०१-०१');
    expect(formatAdAsBsOrAd(null, 'ne')).toBe('');
  });
});

describe('formatAdAsBs', () => {
  it('formats AD calendar dates as BS', () => {
    expect(formatAdAsBs('2025-07-17', 'en-US')).toBe('2082-04-01');
    expect(formatAdAsBs('2025-07-17', 'ne')).toBe('२०८२-०४-०१');
    expect(formatAdAsBs('2024-07-16', 'en-US')).toBe('2081-04-01');
    expect(formatAdAsBs('1943-04-14', 'en-US')).toBe('2000-01-01');
  });

  it('takes the Asia/Kathmandu date of timestamps with a zone', () => {
    expect(formatAdAsBs('2025-07-16T18:14:59Z', 'en-US')).toBe('2082-03-32');
    expect(formatAdAsBs('2025-07-16T18:15:00.000Z', 'en-US')).toBe('2082-04-01');
    expect(formatAdAsBs('2025-07-16T20:00:00+00:00', 'en-US')).toBe('2082-04-01');
    expect(formatAdAsBs('2025-07-16 20:00:00+00', 'en-US')).toBe('2082-04-01');
    expect(formatAdAsBs('2025-07-17T00:00:00+0545', 'en-US')).toBe('2082-04-01');
    expect(formatAdAsBs('2025-07-16T23:59:59+05:45', 'en-US')).toBe('2082-03-32');
    expect(formatAdAsBs(new Date('2026-11-21T20:00:00Z'), 'en-US')).toBe('2083-08-06');
  });

  it('uses the date part of timestamps without a zone', () => {
    expect(formatAdAsBs('2025-07-16T23:00:00', 'en-US')).toBe('2082-03-32');
  });

  it("returns '' for null, undefined and ''", () => {
    expect(formatAdAsBs(null, 'en-US')).toBe('');
    expect(formatAdAsBs(undefined, 'ne')).toBe('');
    expect(formatAdAsBs('', 'ne')).toBe('');
  });

  it('throws RangeError for malformed or unsupported input', () => {
    expect(() => formatAdAsBs('17/07/2025', 'en-US')).toThrow(RangeError);
    expect(() => formatAdAsBs('2025-02-30', 'en-US')).toThrow(RangeError);
    expect(() => formatAdAsBs('2025-07-16T25:00:00Z', 'en-US')).toThrow(RangeError);
    expect(() => formatAdAsBs('2025-07-16T10:00:00+5', 'en-US')).toThrow(RangeError);
    expect(() => formatAdAsBs('1900-01-01', 'en-US')).toThrow(RangeError);
  });
});
