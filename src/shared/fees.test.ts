import { describe, expect, it } from 'vitest';
import { assessFees, DEFAULT_FEE_SETTINGS, FeeError, findBandProblem, pickBand, type TaxBand } from './fees.js';

const LAKH = 100_000_00;
const bands: TaxBand[] = [
  { id: 1, minCapital: 0, maxCapital: 5 * LAKH, taxAmount: 1000_00, renewAmount: 500_00, renewFine: 100_00, renewDiscount: 100_00 },
  { id: 2, minCapital: 5 * LAKH + 1, maxCapital: 25 * LAKH, taxAmount: 2500_00, renewAmount: 1500_00, renewFine: 200_00, renewDiscount: 200_00 },
];
const base = { bands, isRenewal: false, monthsLate: 0, renewedBeforeExpiry: false, settings: DEFAULT_FEE_SETTINGS };

describe('capital bands', () => {
  it.each([
    [0, 1],
    [5 * LAKH, 1],
    [5 * LAKH + 1, 2],
    [25 * LAKH, 2],
  ])('capital %i paisa picks band %i (min <= capital <= max)', (capital, id) => {
    expect(pickBand(bands, capital).id).toBe(id);
  });
  it('above every band is an error', () => {
    expect(() => assessFees({ ...base, capital: 25 * LAKH + 1 })).toThrow(FeeError);
  });
  it('overlapping or inverted bands are found', () => {
    expect(findBandProblem(bands)).toBeNull();
    expect(findBandProblem([...bands, { minCapital: 25 * LAKH, maxCapital: 30 * LAKH }])).toBe(2);
    expect(findBandProblem([{ minCapital: 10, maxCapital: 5 }])).toBe(0);
  });
});

describe('bill lines', () => {
  it('new registration: tax + admin cost', () => {
    const b = assessFees({ ...base, capital: 3 * LAKH });
    expect(b).toMatchObject({ businessTax: 1000_00, fine: 0, rentTax: 0, adminCost: 100_00, discount: 0, total: 1100_00, bandId: 1 });
    expect(b.lines.map((l) => l.key)).toEqual(['businessTax', 'fine', 'rentTax', 'adminCost', 'discount']);
  });
  it('late renewal: renew amount + fine per started month', () => {
    const b = assessFees({ ...base, capital: 6 * LAKH, isRenewal: true, monthsLate: 2.2 });
    expect(b.businessTax).toBe(1500_00);
    expect(b.fine).toBe(3 * 200_00);
    expect(b.discount).toBe(0);
  });
  it('early renewal gets the discount', () => {
    const b = assessFees({ ...base, capital: 6 * LAKH, isRenewal: true, renewedBeforeExpiry: true });
    expect(b.discount).toBe(200_00);
    expect(b.total).toBe(1500_00 + 100_00 - 200_00);
  });
  it('rent tax is 10 % of monthly rent × months, rounded to paisa', () => {
    const b = assessFees({ ...base, capital: LAKH, rent: { monthly: 15_000_55, months: 12 } });
    expect(b.rentTax).toBe(Math.round((15_000_55 * 12) / 10));
  });
  it('rejects non-integer money', () => {
    expect(() => assessFees({ ...base, capital: 1.5 })).toThrow(FeeError);
  });
});
