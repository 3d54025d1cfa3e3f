import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  assessFees,
  assessRequestFees,
  DEFAULT_FEE_SETTINGS,
  FeeError,
  findBandProblem,
  pickBand,
  renewalTiming,
  type FeeInput,
  type TaxBand,
} from './fees.js';

// ------------------------------------------------------------------ docs/fees.md as test data

const DOC = readFileSync(new URL('../../docs/fees.md', import.meta.url), 'utf8');

/** The markdown table between `<!-- name:start -->` and `<!-- name:end -->`, as header → cell rows. */
function docTable(name: string): Record<string, string>[] {
  const start = DOC.indexOf(`<!-- ${name}:start -->`);
  const end = DOC.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) throw new Error(`docs/fees.md has no ${name} table`);
  const rows = DOC.slice(start, end)
    .split('\n')
    .filter((l) => l.trim().startsWith('|'))
    .map((l) =>
      l
        .trim()
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((c) => c.trim()),
    );
  const [header, rule, ...body] = rows;
  expect(rule.every((c) => /^-+$/.test(c))).toBe(true);
  return body.map((cells) => {
    expect(cells).toHaveLength(header.length);
    return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  });
}

/** '1,00,00,000.01' (rupees, Indian grouping) → 1_000_000_001 paisa. Exact. */
function paisa(cell: string): number {
  const m = /^(\d{1,3}(?:,\d{2,3})*)\.(\d{2})$/.exec(cell);
  if (!m) throw new Error(`not a rupee amount with two decimals: '${cell}'`);
  return Number(m[1].replaceAll(',', '')) * 100 + Number(m[2]);
}

const RUPEE = 100;
const LAKH = 100_000 * RUPEE;
const CRORE = 100 * LAKH;

const docBands: TaxBand[] = docTable('fee-bands').map((r) => ({
  id: Number(r['Band']),
  minCapital: paisa(r['Min capital']),
  maxCapital: paisa(r['Max capital']),
  taxAmount: paisa(r['Tax amount']),
  renewAmount: paisa(r['Renew amount']),
  renewFine: paisa(r['Renew fine / month']),
  renewDiscount: paisa(r['Renew discount']),
}));
const examples = docTable('fee-examples');
const SETTINGS = { adminCost: 100 * RUPEE, rentTaxRatePercent: 10 };

describe('docs/fees.md', () => {
  it('parses rupee amounts exactly', () => {
    expect(paisa('0.00')).toBe(0);
    expect(paisa('5,00,000.01')).toBe(5 * LAKH + 1);
    expect(paisa('1,00,00,00,000.00')).toBe(100 * CRORE);
    expect(() => paisa('12.5')).toThrow();
  });

  it('demo bands are contiguous, non-overlapping and match the seed figures', () => {
    expect(findBandProblem(docBands)).toBeNull();
    docBands.slice(1).forEach((b, i) => expect(b.minCapital).toBe(docBands[i].maxCapital + 1));
    // TAX_BANDS in src/server/db/seed.ts (shared code may not import the server).
    expect(docBands.map((b) => [b.minCapital, b.maxCapital])).toEqual([
      [0, 5 * LAKH],
      [5 * LAKH + 1, 25 * LAKH],
      [25 * LAKH + 1, CRORE],
      [CRORE + 1, 100 * CRORE],
    ]);
  });

  it('covers every case issue 4 asks for', () => {
    const newCapitals = examples.filter((r) => r['Kind'] === 'new').map((r) => paisa(r['Capital']));
    for (const c of [
      0,
      5 * LAKH,
      5 * LAKH + 1,
      25 * LAKH,
      25 * LAKH + 1,
      CRORE,
      CRORE + 1,
      100 * CRORE,
    ]) {
      expect(newCapitals).toContain(c);
    }
    const renewals = examples.filter((r) => r['Kind'] === 'renewal');
    for (const late of ['0', '1', '13', '25']) {
      expect(renewals.some((r) => r['Months late'] === late && r['Early'] === 'no')).toBe(true);
    }
    expect(renewals.some((r) => r['Early'] === 'yes')).toBe(true);
    expect(examples.some((r) => r['Rent tax'] !== '' && paisa(r['Rent tax']) > 0)).toBe(true);
  });

  describe.each(examples.map((r) => [`#${r['#']} ${r['Case']}`, r] as const))('%s', (_name, r) => {
    const isRenewal = r['Kind'] === 'renewal';
    if (!isRenewal) expect(r['Kind']).toBe('new');

    it('renewal timing', () => {
      if (!isRenewal) {
        expect([
          r['Expiry (AD)'],
          r['Renewed (AD)'],
          r['Months late'],
          r['FYs due'],
          r['Early'],
        ]).toEqual(['', '', '', '', '']);
        return;
      }
      expect(renewalTiming(r['Expiry (AD)'], r['Renewed (AD)'])).toEqual({
        monthsLate: Number(r['Months late']),
        fiscalYearsDue: Number(r['FYs due']),
        renewedBeforeExpiry: r['Early'] === 'yes',
      });
    });

    it('bill lines and total', () => {
      const input: FeeInput = {
        bands: docBands,
        capital: paisa(r['Capital']),
        isRenewal,
        ...(isRenewal
          ? renewalTiming(r['Expiry (AD)'], r['Renewed (AD)'])
          : { monthsLate: 0, fiscalYearsDue: 1, renewedBeforeExpiry: false }),
        rent: r['Monthly rent']
          ? { monthly: paisa(r['Monthly rent']), months: Number(r['Rent months']) }
          : null,
        settings: { ...SETTINGS, rentTaxRatePercent: Number(r['Rate %']) },
      };
      if (r['Band'] === 'no-tax-band') {
        expect(() => assessFees(input)).toThrow(expect.objectContaining({ code: 'no-tax-band' }));
        return;
      }
      const bill = assessFees(input);
      const expected = {
        businessTax: paisa(r['Business tax']),
        fine: paisa(r['Fine']),
        rentTax: paisa(r['Rent tax']),
        adminCost: paisa(r['Admin cost']),
        discount: paisa(r['Discount']),
      };
      expect(bill).toEqual({
        ...expected,
        total: paisa(r['Total']),
        bandId: Number(r['Band']),
        lines: Object.entries(expected).map(([key, amount]) => ({
          key,
          amount,
          rule: expect.any(String),
        })),
      });
    });
  });
});

// ------------------------------------------------------------------ unit tests

const bands = docBands.slice(0, 2);
const base: FeeInput = {
  bands,
  capital: 3 * LAKH,
  isRenewal: false,
  fiscalYearsDue: 1,
  monthsLate: 0,
  renewedBeforeExpiry: false,
  settings: DEFAULT_FEE_SETTINGS,
};
const renewal: FeeInput = { ...base, capital: 6 * LAKH, isRenewal: true };

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof FeeError) return e.code;
    throw e;
  }
  return null;
};

describe('capital bands', () => {
  it.each([
    [0, 1],
    [5 * LAKH, 1],
    [5 * LAKH + 1, 2],
    [25 * LAKH, 2],
  ])('capital %i paisa picks band %i (min <= capital <= max)', (capital, id) => {
    expect(pickBand(bands, capital).id).toBe(id);
  });
  it('no band is an error, never a zero bill', () => {
    expect(code(() => assessFees({ ...base, capital: 25 * LAKH + 1 }))).toBe('no-tax-band');
    expect(code(() => assessFees({ ...base, bands: [] }))).toBe('no-tax-band');
  });
  it('two matching bands are an error', () => {
    expect(code(() => pickBand([...bands, { ...bands[0], id: 9 }], 0))).toBe('overlapping-bands');
  });
  it('overlapping or inverted bands are found', () => {
    expect(findBandProblem(bands)).toBeNull();
    expect(findBandProblem([...bands, { minCapital: 25 * LAKH, maxCapital: 30 * LAKH }])).toBe(2);
    expect(findBandProblem([{ minCapital: 10, maxCapital: 5 }])).toBe(0);
  });
});

describe('bill lines', () => {
  it('new registration: tax + admin cost, five lines in SPEC order with their rules', () => {
    const b = assessFees(base);
    expect(b).toMatchObject({
      businessTax: 1000_00,
      fine: 0,
      rentTax: 0,
      adminCost: 100_00,
      discount: 0,
      total: 1100_00,
      bandId: 1,
    });
    expect(b.lines.map((l) => l.key)).toEqual([
      'businessTax',
      'fine',
      'rentTax',
      'adminCost',
      'discount',
    ]);
    expect(b.lines[0].rule).toBe(
      'tax amount Rs. 1,000.00 of capital band Rs. 0.00–Rs. 5,00,000.00 (capital Rs. 3,00,000.00)',
    );
    expect(b.lines[2].rule).toMatch(/not rented/);
  });
  it('renewal: renew amount per fiscal year due + fine per started month', () => {
    const b = assessFees({ ...renewal, fiscalYearsDue: 2, monthsLate: 14 });
    expect(b.businessTax).toBe(2 * 1500_00);
    expect(b.fine).toBe(14 * 200_00);
    expect(b.discount).toBe(0);
    expect(b.lines[0].rule).toMatch(/^renew amount Rs\. 1,500\.00 × 2 fiscal year\(s\) due/);
    expect(b.lines[1].rule).toBe('renew fine Rs. 200.00 × 14 BS month(s) started after expiry');
  });
  it('early renewal gets the discount once', () => {
    const b = assessFees({ ...renewal, renewedBeforeExpiry: true });
    expect(b.discount).toBe(200_00);
    expect(b.total).toBe(1500_00 + 100_00 - 200_00);
    expect(b.lines[4].rule).toMatch(/renewed before expiry/);
  });
  it('the total is floored at 0 when the discount exceeds the charges', () => {
    const generous = bands.map((b) => ({ ...b, renewDiscount: 1_000_000_00 }));
    const b = assessFees({ ...renewal, bands: generous, renewedBeforeExpiry: true });
    expect(b.discount).toBe(1_000_000_00);
    expect(b.total).toBe(0);
  });
  it('rent tax is rate % of monthly rent × months, rounded half up to the paisa', () => {
    const b = assessFees({ ...base, rent: { monthly: 15_000_55, months: 12 } });
    expect(b.rentTax).toBe(Math.round((15_000_55 * 12) / 10));
    expect(assessFees({ ...base, rent: { monthly: 5, months: 1 } }).rentTax).toBe(1); // 0.5 → 1
    expect(assessFees({ ...base, rent: { monthly: 4, months: 1 } }).rentTax).toBe(0); // 0.4 → 0
    expect(assessFees({ ...base, rent: { monthly: 1000_00, months: 0 } }).rentTax).toBe(0);
    const zeroRate = { ...DEFAULT_FEE_SETTINGS, rentTaxRatePercent: 0 };
    expect(
      assessFees({ ...base, settings: zeroRate, rent: { monthly: 1000_00, months: 12 } }).rentTax,
    ).toBe(0);
  });
  it('administrative cost comes from the setting', () => {
    expect(
      assessFees({ ...base, settings: { ...DEFAULT_FEE_SETTINGS, adminCost: 250_00 } }).adminCost,
    ).toBe(250_00);
  });
});

describe('bad input throws FeeError invalid-input', () => {
  it.each<[string, Partial<FeeInput>]>([
    ['negative capital', { capital: -1 }],
    ['fractional capital', { capital: 1.5 }],
    ['NaN capital', { capital: Number.NaN }],
    ['unsafe capital', { capital: 2 ** 53 }],
    ['negative rent', { rent: { monthly: -100, months: 12 } }],
    ['fractional rent', { rent: { monthly: 100.5, months: 12 } }],
    ['fractional rent months', { rent: { monthly: 100, months: 1.5 } }],
    ['negative rent months', { rent: { monthly: 100, months: -1 } }],
    ['negative admin cost', { settings: { ...DEFAULT_FEE_SETTINGS, adminCost: -1 } }],
    ['fractional admin cost', { settings: { ...DEFAULT_FEE_SETTINGS, adminCost: 0.5 } }],
    ['rate over 100', { settings: { ...DEFAULT_FEE_SETTINGS, rentTaxRatePercent: 101 } }],
    ['negative rate', { settings: { ...DEFAULT_FEE_SETTINGS, rentTaxRatePercent: -1 } }],
    ['rate with 3 decimals', { settings: { ...DEFAULT_FEE_SETTINGS, rentTaxRatePercent: 2.125 } }],
    ['negative band amount', { bands: [{ ...bands[0], taxAmount: -1 }] }],
    ['fractional band amount', { bands: [{ ...bands[0], taxAmount: 0.5 }] }],
    ['timing on a new registration', { monthsLate: 2 }],
    ['fiscal years on a new registration', { fiscalYearsDue: 2 }],
    ['early flag on a new registration', { renewedBeforeExpiry: true }],
    ['renewal 0 fiscal years', { isRenewal: true, fiscalYearsDue: 0 }],
    ['renewal fractional months late', { isRenewal: true, monthsLate: 2.2 }],
    ['renewal negative months late', { isRenewal: true, monthsLate: -1 }],
    ['renewal early and late', { isRenewal: true, monthsLate: 1, renewedBeforeExpiry: true }],
  ])('%s', (_name, patch) => {
    expect(code(() => assessFees({ ...base, ...patch }))).toBe('invalid-input');
  });
  it('rates with two decimals are accepted', () => {
    const settings = { ...DEFAULT_FEE_SETTINGS, rentTaxRatePercent: 0.07 };
    expect(assessFees({ ...base, settings, rent: { monthly: 10_000_00, months: 1 } }).rentTax).toBe(
      7_00,
    );
  });
});

describe('renewalTiming', () => {
  // 32 Ashadh 2082 = 2025-07-16, the last day of fiscal year 2081/82.
  const END_2081_82 = '2025-07-16';
  it('on or before expiry: not late; strictly before: early', () => {
    expect(renewalTiming(END_2081_82, '2025-06-17')).toEqual({
      monthsLate: 0,
      fiscalYearsDue: 1,
      renewedBeforeExpiry: true,
    });
    expect(renewalTiming(END_2081_82, END_2081_82)).toEqual({
      monthsLate: 0,
      fiscalYearsDue: 1,
      renewedBeforeExpiry: false,
    });
  });
  it('counts started BS months, month ends mapping to month ends', () => {
    expect(renewalTiming(END_2081_82, '2025-07-17').monthsLate).toBe(1); // 1 Shrawan 2082
    expect(renewalTiming(END_2081_82, '2025-08-16').monthsLate).toBe(1); // 31 Shrawan, its last day
    expect(renewalTiming(END_2081_82, '2025-08-17').monthsLate).toBe(2); // 1 Bhadra
  });
  it('a mid-month expiry: the k-th month ends on the same BS day k months later', () => {
    // 1 Magh 2081 = 2025-01-14; 1 Falgun 2081 = 2025-02-13.
    expect(renewalTiming('2025-01-14', '2025-01-15').monthsLate).toBe(1);
    expect(renewalTiming('2025-01-14', '2025-02-13').monthsLate).toBe(1);
    expect(renewalTiming('2025-01-14', '2025-02-14').monthsLate).toBe(2);
  });
  it('clamps the anniversary day to a shorter month', () => {
    // Jestha 2084 has 32 days and Ashadh 2084 has 31: expiry 31 Jestha (not its last day).
    const expiry = '2027-06-14';
    const ashadh31 = '2027-07-16';
    const shrawan1 = '2027-07-17';
    expect(renewalTiming(expiry, ashadh31).monthsLate).toBe(1);
    expect(renewalTiming(expiry, shrawan1).monthsLate).toBe(2);
  });
  it('fiscal years due: each fiscal year missed, at least one', () => {
    expect(renewalTiming(END_2081_82, '2026-07-16').fiscalYearsDue).toBe(1); // 32 Ashadh 2083
    expect(renewalTiming(END_2081_82, '2026-07-17').fiscalYearsDue).toBe(2); // 1 Shrawan 2083
    expect(renewalTiming('2025-01-14', '2025-03-01').fiscalYearsDue).toBe(1); // lapsed in 2081/82
    expect(renewalTiming('2025-01-14', '2025-07-17').fiscalYearsDue).toBe(2); // + 2082/83
  });
  it('bad dates throw FeeError invalid-input', () => {
    expect(code(() => renewalTiming('2025-02-30', END_2081_82))).toBe('invalid-input');
    expect(code(() => renewalTiming(END_2081_82, '16/07/2025'))).toBe('invalid-input');
    expect(code(() => renewalTiming('1900-01-01', END_2081_82))).toBe('invalid-input');
  });
});

describe('assessRequestFees (issue 19: amendment, closure, duplicate)', () => {
  const band: TaxBand = {
    id: 7,
    minCapital: 0,
    maxCapital: 50_000_000,
    taxAmount: 100_000,
    renewAmount: 150_000,
    renewFine: 20_000,
    renewDiscount: 5_000,
    amendmentFee: 50_000,
    closureFee: 100_000,
    duplicateFee: 30_000,
  };
  const base = { bands: [band], capital: 30_000_000, settings: DEFAULT_FEE_SETTINGS };
  const keys = (b: { lines: { key: string }[] }) => b.lines.map((l) => l.key);

  it('an amendment pays its fee and the administrative cost, nothing else', () => {
    const b = assessRequestFees({ ...base, request: 'amendment' });
    expect(b).toMatchObject({ businessTax: 0, fine: 0, rentTax: 0, discount: 0 });
    expect(b.serviceFee).toBe(50_000);
    expect(b.total).toBe(50_000 + DEFAULT_FEE_SETTINGS.adminCost);
    expect(keys(b)).toEqual([
      'businessTax',
      'fine',
      'rentTax',
      'adminCost',
      'serviceFee',
      'discount',
    ]);
    expect(b.bandId).toBe(7);
  });
  it('a duplicate pays the duplicate fee; a band without the fee charges none', () => {
    expect(assessRequestFees({ ...base, request: 'duplicate' }).serviceFee).toBe(30_000);
    const { duplicateFee: _d, ...noFee } = band;
    const b = assessRequestFees({ ...base, bands: [noFee], request: 'duplicate' });
    expect(b.serviceFee).toBe(0);
    expect(b.total).toBe(DEFAULT_FEE_SETTINGS.adminCost);
  });
  it('a closure of a lapsed registration pays the arrears: years due and months late', () => {
    // expiry 32 Ashadh 2082 (end of 2081/82), closed in Bhadra 2083: 2 fiscal years, 14 BS months
    const arrears = renewalTiming('2025-07-16', '2026-08-20');
    const b = assessRequestFees({ ...base, request: 'closure', arrears });
    expect(b.businessTax).toBe(150_000 * arrears.fiscalYearsDue);
    expect(b.fine).toBe(20_000 * arrears.monthsLate);
    expect(b.discount).toBe(0);
    expect(b.total).toBe(b.businessTax + b.fine + DEFAULT_FEE_SETTINGS.adminCost + 100_000);
    expect(b.lines[0].rule).toMatch(/^arrears: renew amount/);
  });
  it('a closure of a valid registration pays only its fee; arrears apply only to closures', () => {
    const b = assessRequestFees({ ...base, request: 'closure', arrears: null });
    expect(b.total).toBe(100_000 + DEFAULT_FEE_SETTINGS.adminCost);
    const a = assessRequestFees({
      ...base,
      request: 'amendment',
      arrears: { fiscalYearsDue: 3, monthsLate: 20 },
    });
    expect(a.businessTax + a.fine).toBe(0);
  });
  it('no band, bad amounts: FeeError, never a zero bill', () => {
    expect(
      code(() => assessRequestFees({ ...base, capital: 60_000_000, request: 'duplicate' })),
    ).toBe('no-tax-band');
    expect(
      code(() =>
        assessRequestFees({ ...base, bands: [{ ...band, closureFee: -1 }], request: 'closure' }),
      ),
    ).toBe('invalid-input');
    expect(code(() => assessRequestFees({ ...base, capital: 1.5, request: 'amendment' }))).toBe(
      'invalid-input',
    );
  });
});
