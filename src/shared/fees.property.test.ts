/**
 * Properties of the fee engine (issue 4 acceptance), checked with fast-check. On failure
 * fast-check prints the seed and the shrunk counterexample; replay with
 * `fc.assert(prop, { seed, path })`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fiscalYearFromStart } from './fiscal-year.js';
import {
  assessFees,
  findBandProblem,
  pickBand,
  renewalTiming,
  type FeeInput,
  type FeeSettings,
  type TaxBand,
} from './fees.js';

const RUNS = { numRuns: 500 };
const CRORE = 1_00_00_000_00; // paisa

const money = (max = 10 * CRORE) => fc.integer({ min: 0, max });

const settingsArb: fc.Arbitrary<FeeSettings> = fc.record({
  adminCost: money(1_00_000_00),
  // 0..100 % in hundredths of a percent
  rentTaxRatePercent: fc.integer({ min: 0, max: 100_00 }).map((h) => h / 100),
});

const rentArb = fc.option(
  fc.record({ monthly: money(10_00_000_00), months: fc.integer({ min: 0, max: 120 }) }),
  { nil: null },
);

/** Amounts from small to large, so that discounts sometimes exceed every charge. */
const amountArb = fc.oneof(money(1_000_00), money());

const bandAmountsArb = fc.record({
  taxAmount: amountArb,
  renewAmount: amountArb,
  renewFine: money(1_00_000_00),
  renewDiscount: amountArb,
});

/** A renewal's timing that `assessFees` accepts: early (never late), on time, or late. */
const timingArb = fc.oneof(
  fc.record({
    monthsLate: fc.constant(0),
    fiscalYearsDue: fc.constant(1),
    renewedBeforeExpiry: fc.boolean(),
  }),
  fc.record({
    monthsLate: fc.integer({ min: 0, max: 600 }),
    fiscalYearsDue: fc.integer({ min: 1, max: 50 }),
    renewedBeforeExpiry: fc.constant(false),
  }),
);

const NEW = { monthsLate: 0, fiscalYearsDue: 1, renewedBeforeExpiry: false };

/**
 * Contiguous, non-overlapping bands in shuffled order: band i covers
 * [start + Σ(width_j + 1) for j < i, that + width_i]. Widths may be 0 (a one-paisa band).
 */
const contiguousBandsArb = fc
  .record({
    start: fc.integer({ min: 0, max: 10 * CRORE }),
    widths: fc.array(fc.integer({ min: 0, max: 100 * CRORE }), { minLength: 1, maxLength: 8 }),
    amounts: bandAmountsArb,
  })
  .chain(({ start, widths, amounts }) => {
    const bands: TaxBand[] = [];
    let min = start;
    widths.forEach((w, i) => {
      bands.push({ id: i + 1, minCapital: min, maxCapital: min + w, ...amounts });
      min += w + 1;
    });
    return fc
      .shuffledSubarray(bands, { minLength: bands.length, maxLength: bands.length })
      .map((shuffled) => ({ bands: shuffled, lo: start, hi: min - 1 }));
  });

/** Any valid input: one band around the capital, new or renewal, rent or not. */
const feeInputArb: fc.Arbitrary<FeeInput> = fc
  .record({
    capital: money(100 * CRORE),
    below: money(),
    above: money(),
    amounts: bandAmountsArb,
    isRenewal: fc.boolean(),
    timing: timingArb,
    rent: rentArb,
    settings: settingsArb,
  })
  .map(({ capital, below, above, amounts, isRenewal, timing, rent, settings }) => ({
    bands: [
      { id: 7, minCapital: Math.max(0, capital - below), maxCapital: capital + above, ...amounts },
    ],
    capital,
    isRenewal,
    ...(isRenewal ? timing : NEW),
    rent,
    settings,
  }));

describe('fee engine properties', () => {
  it('the total equals the sum of the lines, discount subtracted, floored at 0', () => {
    fc.assert(
      fc.property(feeInputArb, (input) => {
        const bill = assessFees(input);
        const charges = bill.lines
          .filter((l) => l.key !== 'discount')
          .reduce((s, l) => s + l.amount, 0);
        const discount = bill.lines.find((l) => l.key === 'discount')!.amount;
        expect(bill.total).toBe(Math.max(0, charges - discount));
        for (const line of bill.lines) {
          expect(line.amount).toBe(bill[line.key]);
          expect(Number.isSafeInteger(line.amount) && line.amount >= 0).toBe(true);
          expect(line.rule).not.toBe('');
        }
        expect(bill.lines.map((l) => l.key)).toEqual([
          'businessTax',
          'fine',
          'rentTax',
          'adminCost',
          'discount',
        ]);
      }),
      RUNS,
    );
  });

  it('the fine never decreases as the months late grow', () => {
    fc.assert(
      fc.property(
        feeInputArb,
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (input, a, b) => {
          const [m1, m2] = a <= b ? [a, b] : [b, a];
          const at = (monthsLate: number) =>
            assessFees({
              ...input,
              isRenewal: true,
              renewedBeforeExpiry: false,
              fiscalYearsDue: 1,
              monthsLate,
            }).fine;
          expect(at(m1)).toBeLessThanOrEqual(at(m2));
        },
      ),
      RUNS,
    );
  });

  // AD dates as day numbers; expiry 2000..2028 AD, renewal up to ~4 years after (BS table ends 2034).
  const DAY = 86_400_000;
  const dayArb = fc.integer({ min: Date.UTC(2000, 0, 1) / DAY, max: Date.UTC(2028, 11, 31) / DAY });
  const ad = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

  it('the fine never decreases as the renewal date moves later (renewalTiming → assessFees)', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: -400, max: 1500 }),
        fc.integer({ min: -400, max: 1500 }),
        feeInputArb,
        (expiry, a, b, input) => {
          const [d1, d2] = a <= b ? [a, b] : [b, a];
          const t1 = renewalTiming(ad(expiry), ad(expiry + d1));
          const t2 = renewalTiming(ad(expiry), ad(expiry + d2));
          expect(t1.monthsLate).toBeLessThanOrEqual(t2.monthsLate);
          expect(t1.fiscalYearsDue).toBeLessThanOrEqual(t2.fiscalYearsDue);
          const fine = (t: typeof t1) => assessFees({ ...input, isRenewal: true, ...t }).fine;
          expect(fine(t1)).toBeLessThanOrEqual(fine(t2));
        },
      ),
      RUNS,
    );
  });

  it('renewalTiming: late iff after expiry, early iff before, months bounded by days', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -400, max: 1500 }), (expiry, d) => {
        const t = renewalTiming(ad(expiry), ad(expiry + d));
        expect(t.renewedBeforeExpiry).toBe(d < 0);
        expect(t.monthsLate > 0).toBe(d > 0);
        if (d > 0) {
          // each BS month is 29..32 days long
          expect(d).toBeLessThanOrEqual(32 * t.monthsLate);
          expect(d).toBeGreaterThan(28 * (t.monthsLate - 1));
        }
        expect(t.fiscalYearsDue).toBeGreaterThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('renewalTiming: expiry at a fiscal year end → fiscal years due = max(1, ceil(months late / 12))', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2057, max: 2084 }),
        fc.integer({ min: -400, max: 1500 }),
        (startYear, d) => {
          const expiry = fiscalYearFromStart(startYear).endAd;
          const t = renewalTiming(expiry, ad(Date.parse(expiry) / DAY + d));
          expect(t.fiscalYearsDue).toBe(Math.max(1, Math.ceil(t.monthsLate / 12)));
        },
      ),
      RUNS,
    );
  });

  it('exactly one band matches any capital inside contiguous non-overlapping bands', () => {
    fc.assert(
      fc.property(
        contiguousBandsArb.chain((s) =>
          fc.record({ s: fc.constant(s), capital: fc.integer({ min: s.lo, max: s.hi }) }),
        ),
        ({ s, capital }) => {
          expect(findBandProblem(s.bands)).toBeNull();
          const matching = s.bands.filter(
            (b) => b.minCapital <= capital && capital <= b.maxCapital,
          );
          expect(matching).toHaveLength(1);
          expect(pickBand(s.bands, capital)).toBe(matching[0]);
          expect(
            assessFees({
              bands: s.bands,
              capital,
              isRenewal: false,
              ...NEW,
              settings: { adminCost: 0, rentTaxRatePercent: 10 },
            }).bandId,
          ).toBe(matching[0].id);
        },
      ),
      RUNS,
    );
  });

  it('a capital outside the configured range has no band (no-tax-band, never a zero bill)', () => {
    fc.assert(
      fc.property(
        contiguousBandsArb,
        fc.boolean(),
        fc.integer({ min: 1, max: CRORE }),
        (s, low, delta) => {
          const capital = low ? s.lo - delta : s.hi + delta;
          fc.pre(capital >= 0);
          expect(() =>
            assessFees({
              bands: s.bands,
              capital,
              isRenewal: false,
              ...NEW,
              settings: { adminCost: 0, rentTaxRatePercent: 10 },
            }),
          ).toThrow(expect.objectContaining({ code: 'no-tax-band' }));
        },
      ),
      RUNS,
    );
  });

  it('findBandProblem accepts exactly the band sets that match no capital twice and are not inverted', () => {
    const smallBand = fc
      .record({ min: fc.integer({ min: 0, max: 30 }), width: fc.integer({ min: -2, max: 10 }) })
      .map(({ min, width }) => ({ minCapital: min, maxCapital: min + width }));
    fc.assert(
      fc.property(fc.array(smallBand, { maxLength: 6 }), (bands) => {
        let twice = false;
        for (let capital = 0; capital <= 40; capital++) {
          const n = bands.filter((b) => b.minCapital <= capital && capital <= b.maxCapital).length;
          if (n > 1) twice = true;
        }
        const inverted = bands.some((b) => b.minCapital > b.maxCapital);
        expect(findBandProblem(bands) === null).toBe(!twice && !inverted);
      }),
      RUNS,
    );
  });

  it('rent tax is never negative, never above the rent, within half a paisa of the exact value', () => {
    fc.assert(
      fc.property(feeInputArb, (input) => {
        const { rentTax } = assessFees(input);
        expect(rentTax).toBeGreaterThanOrEqual(0);
        const rent = input.rent ? input.rent.monthly * input.rent.months : 0;
        expect(rentTax).toBeLessThanOrEqual(rent);
        const exact = (rent * input.settings.rentTaxRatePercent) / 100;
        expect(Math.abs(rentTax - exact)).toBeLessThanOrEqual(0.5 + 1e-6 * Math.max(1, exact));
      }),
      RUNS,
    );
  });

  it('rent tax never decreases as the rent grows', () => {
    fc.assert(
      fc.property(
        feeInputArb,
        money(10_00_000_00),
        money(10_00_000_00),
        fc.integer({ min: 0, max: 120 }),
        (input, a, b, months) => {
          const [r1, r2] = a <= b ? [a, b] : [b, a];
          const tax = (monthly: number) =>
            assessFees({ ...input, rent: { monthly, months } }).rentTax;
          expect(tax(r1)).toBeLessThanOrEqual(tax(r2));
        },
      ),
      RUNS,
    );
  });
});
