/**
 * The fee engine (DESIGN.md §5, issue 4 §6): pure functions from the tax setup to SPEC §3's
 * payment lines (business tax, fine, rent tax, administrative cost, discount, total). Runs in
 * the browser (breakdown before submitting) and on the server (verification freezes the bill).
 *
 * Units: every amount is an integer number of paisa (NPR × 100), never a float of rupees.
 * Worked examples, checked by `fees.test.ts`: docs/fees.md.
 *
 * Rules (the values come from the tax setup row and the municipality's `fees` setting):
 * - band: the tax setup row of the business type and fiscal year whose capital band has
 *   `minCapital <= capital <= maxCapital` (DESIGN.md §5); none → FeeError('no-tax-band'),
 *   never a zero bill; more than one → FeeError('overlapping-bands') (bands are also rejected
 *   on save, `findBandProblem`);
 * - business tax: new registration → `taxAmount`; renewal → `renewAmount` × `fiscalYearsDue`
 *   (issue 4 §6: the renew amount for each fiscal year missed);
 * - fine (renewal only): `renewFine` × `monthsLate`, the BS months started after expiry
 *   (DESIGN.md §5: per started month after expiry);
 * - discount (renewal only): `renewDiscount` once when renewed strictly before the expiry date
 *   (DESIGN.md §5: early-renewal discount);
 * - rent tax: monthly rent × months in the rent tax period × `rentTaxRatePercent` % (default
 *   10 %, DESIGN.md §5), rounded half up to the paisa, computed exactly in integers;
 * - administrative cost: flat `adminCost` from the setting;
 * - total = businessTax + fine + rentTax + adminCost − discount, floored at 0.
 *
 * `renewalTiming` derives `monthsLate`, `fiscalYearsDue` and `renewedBeforeExpiry` from an
 * expiry date and a renewal date with the Bikram Sambat calendar.
 */
import { adToBs, daysInBsMonth, type BsDate } from './bs-date.js';
import { fiscalYearOf, type FiscalYear } from './fiscal-year.js';
import { formatPaisa } from './format.js';

/** One tax setup row (SPEC §3 tax setup). Every amount in paisa. */
export interface TaxBand {
  id?: number;
  /** lowest capital in the band, inclusive, paisa */
  minCapital: number;
  /** highest capital in the band, inclusive, paisa */
  maxCapital: number;
  /** business tax of a new registration, paisa */
  taxAmount: number;
  /** business tax of a renewal per fiscal year due, paisa */
  renewAmount: number;
  /** renewal fine per started BS month after expiry, paisa */
  renewFine: number;
  /** early-renewal discount, once per renewal, paisa */
  renewDiscount: number;
  /** fee of an amendment (issue 19 §1), paisa; absent = 0 */
  amendmentFee?: number;
  /** fee of a closure, besides its arrears (issue 19 §2), paisa; absent = 0 */
  closureFee?: number;
  /** fee of a duplicate certificate (issue 19 §3), paisa; absent = 0 */
  duplicateFee?: number;
}

/** The municipality's `fees` setting. */
export interface FeeSettings {
  /** flat administrative cost, paisa */
  adminCost: number;
  /**
   * percent of the rent collected as rent tax; DESIGN.md §5 default 10. 0..100, at most two
   * decimal places (hundredths of a percent), e.g. 2.5.
   */
  rentTaxRatePercent: number;
}

export const DEFAULT_FEE_SETTINGS: FeeSettings = { adminCost: 10_000, rentTaxRatePercent: 10 };

export interface FeeInput {
  /** the tax setup rows of the business type for the fiscal year */
  bands: TaxBand[];
  /** the application's current capital, paisa */
  capital: number;
  isRenewal: boolean;
  /**
   * Renewal only: the number of fiscal years the renewal pays for, an integer ≥ 1 (see
   * `renewalTiming`). Must be 1 for a new registration.
   */
  fiscalYearsDue: number;
  /**
   * Renewal only: BS months started after the expiry date, an integer ≥ 0 (see
   * `renewalTiming`); 0 when renewed on or before the expiry date. Must be 0 for a new
   * registration.
   */
  monthsLate: number;
  /**
   * Renewal only: renewed strictly before the expiry date (earns `renewDiscount`). Must be
   * false for a new registration and when `monthsLate > 0`.
   */
  renewedBeforeExpiry: boolean;
  /**
   * Rent information, omitted or null when the premises are not rented: `monthly` rent in
   * paisa and the `months` of the rent tax period (an integer ≥ 0).
   */
  rent?: { monthly: number; months: number } | null;
  settings: FeeSettings;
}

export type FeeLineKey =
  'businessTax' | 'fine' | 'rentTax' | 'adminCost' | 'serviceFee' | 'discount';

export interface FeeLine {
  key: FeeLineKey;
  /** paisa, ≥ 0; discount is a positive number subtracted from the total */
  amount: number;
  /** which rule produced the line, with its figures, for the bill's explanation (English) */
  rule: string;
}

/** SPEC §3 payment lines; frozen into the application at verification. */
export interface Bill {
  /**
   * the five lines, in the order businessTax, fine, rentTax, adminCost, discount; a request
   * about a registration (issue 19) has a sixth, serviceFee, before the discount
   */
  lines: FeeLine[];
  /** paisa */
  businessTax: number;
  /** paisa */
  fine: number;
  /** paisa */
  rentTax: number;
  /** paisa */
  adminCost: number;
  /** paisa, subtracted from the total */
  discount: number;
  /** an amendment's, closure's or duplicate's own fee, paisa; absent on other bills (0) */
  serviceFee?: number;
  /** businessTax + fine + rentTax + adminCost (+ serviceFee) − discount, floored at 0; paisa */
  total: number;
  /** id of the tax setup row used, null when the row had none */
  bandId: number | null;
}

export class FeeError extends Error {
  constructor(
    public readonly code: 'no-tax-band' | 'overlapping-bands' | 'invalid-input',
    message: string,
  ) {
    super(message);
    this.name = 'FeeError';
  }
}

/** A money amount: a non-negative safe integer (paisa). */
const isMoney = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
const isCount = isMoney;

function invalid(message: string): never {
  throw new FeeError('invalid-input', message);
}

const rs = (paisa: number) => formatPaisa(paisa, 'en-US');

/**
 * Picks the band containing `capital` (`minCapital <= capital <= maxCapital`, paisa).
 * @throws FeeError('no-tax-band') when none does, FeeError('overlapping-bands') when more
 *   than one does.
 */
export function pickBand(bands: TaxBand[], capital: number): TaxBand {
  const matches = bands.filter((b) => b.minCapital <= capital && capital <= b.maxCapital);
  if (matches.length === 0) {
    throw new FeeError('no-tax-band', `No tax setup band covers capital ${capital} paisa`);
  }
  if (matches.length > 1) {
    throw new FeeError(
      'overlapping-bands',
      `${matches.length} tax setup bands cover capital ${capital} paisa`,
    );
  }
  return matches[0];
}

/**
 * Rejects overlapping or inverted capital bands (DESIGN.md §5: rejected on save). Gaps between
 * bands are allowed (a capital in a gap has no tax setup and cannot be billed).
 * @returns null when valid, else the index of the first offending band.
 */
export function findBandProblem(
  bands: Pick<TaxBand, 'minCapital' | 'maxCapital'>[],
): number | null {
  const sorted = bands.map((b, i) => ({ ...b, i })).sort((a, b) => a.minCapital - b.minCapital);
  for (let k = 0; k < sorted.length; k++) {
    const b = sorted[k];
    if (b.minCapital > b.maxCapital) return b.i;
    if (k > 0 && b.minCapital <= sorted[k - 1].maxCapital) return b.i;
  }
  return null;
}

/** When a renewal happens relative to the registration's expiry; spreads into `FeeInput`. */
export interface RenewalTiming {
  /** BS months started after the expiry date; 0 when renewed on or before it */
  monthsLate: number;
  /** fiscal years the renewal pays for, ≥ 1 */
  fiscalYearsDue: number;
  /** renewal date strictly before the expiry date */
  renewedBeforeExpiry: boolean;
}

function bsAndFiscalYear(ad: string): { bs: BsDate; fy: FiscalYear } {
  try {
    return { bs: adToBs(ad), fy: fiscalYearOf(ad) };
  } catch (e) {
    return invalid(`renewal date '${ad}': ${(e as Error).message}`);
  }
}

/**
 * Derives the renewal's lateness from the registration's expiry date and the renewal date.
 *
 * The expiry date is the last day the registration is valid (inclusive); a Darta registration
 * expires on the last day of Ashadh, the end of Nepal's fiscal year (fiscal-year.ts).
 *
 * - `renewedBeforeExpiry`: renewal < expiry. Renewing on the expiry date itself is on time:
 *   neither late (no fine) nor early (no discount).
 * - `monthsLate` (started months, in BS months because fines are set per Nepali month): 0 when
 *   renewal <= expiry. Otherwise the k-th month late runs from the day after
 *   `expiry + (k − 1) months` through `expiry + k months`, where `expiry + k months` is the same
 *   BS day-of-month k months later, clamped to that month's length, and the last day of a month
 *   maps to the last day of the target month. So with expiry 32 Ashadh 2082: 1 Shrawan … 31
 *   Shrawan 2082 → 1, 1 Bhadra 2082 → 2, 32 Ashadh 2083 → 12, 1 Shrawan 2083 → 13. A partial
 *   month counts as a whole one; the count never decreases as the renewal date moves later.
 * - `fiscalYearsDue`: the fiscal years whose last day the registration did not cover (last day
 *   after the expiry date) and which have started by the renewal date; at least 1, since a
 *   renewal on or before expiry pays for the next fiscal year in advance. For an expiry on the
 *   last day of Ashadh this is `FY(renewal) − FY(expiry)` (at least 1), i.e. `ceil(monthsLate /
 *   12)` when late; for an expiry inside a fiscal year (an old paper registration), the fiscal
 *   year in which it lapsed counts too.
 *
 * @param expiryAd the registration's expiry date, AD 'YYYY-MM-DD'
 * @param renewalAd the renewal date (normally today in Nepal, `todayAd()`), AD 'YYYY-MM-DD'
 * @throws FeeError('invalid-input') if a date is malformed or outside the BS calendar's range.
 */
export function renewalTiming(expiryAd: string, renewalAd: string): RenewalTiming {
  const { bs: expiryBs, fy: expiryFy } = bsAndFiscalYear(expiryAd);
  const { bs: renewalBs, fy: renewalFy } = bsAndFiscalYear(renewalAd);
  // 'YYYY-MM-DD' strings order like the dates once both are known to be valid.
  const renewedBeforeExpiry = renewalAd < expiryAd;
  let monthsLate = 0;
  if (renewalAd > expiryAd) {
    const months = renewalBs.year * 12 + renewalBs.month - (expiryBs.year * 12 + expiryBs.month);
    const expiryAtMonthEnd = expiryBs.day === daysInBsMonth(expiryBs.year, expiryBs.month);
    const targetLength = daysInBsMonth(renewalBs.year, renewalBs.month);
    // The monthly anniversary of the expiry date inside the renewal's month.
    const anniversary = expiryAtMonthEnd ? targetLength : Math.min(expiryBs.day, targetLength);
    monthsLate = months + (renewalBs.day > anniversary ? 1 : 0);
  }
  const lapsedInItsYear = expiryAd !== expiryFy.endAd ? 1 : 0;
  const fiscalYearsDue = Math.max(
    1,
    renewalFy.startBsYear - expiryFy.startBsYear + lapsedInItsYear,
  );
  return { monthsLate, fiscalYearsDue, renewedBeforeExpiry };
}

function checkInput(input: FeeInput): void {
  if (!isMoney(input.capital)) invalid('capital must be a non-negative integer (paisa)');
  const { settings } = input;
  if (!isMoney(settings.adminCost)) invalid('adminCost must be a non-negative integer (paisa)');
  const rate = settings.rentTaxRatePercent;
  if (
    typeof rate !== 'number' ||
    !(rate >= 0 && rate <= 100) ||
    Math.abs(rate * 100 - Math.round(rate * 100)) > 1e-9
  ) {
    invalid('rentTaxRatePercent must be 0..100 with at most two decimal places');
  }
  if (!isCount(input.monthsLate)) invalid('monthsLate must be a non-negative integer');
  if (!isCount(input.fiscalYearsDue) || input.fiscalYearsDue < 1) {
    invalid('fiscalYearsDue must be an integer >= 1');
  }
  if (input.isRenewal) {
    if (input.renewedBeforeExpiry && input.monthsLate > 0) {
      invalid('a renewal cannot be both before expiry and late');
    }
  } else if (input.monthsLate !== 0 || input.fiscalYearsDue !== 1 || input.renewedBeforeExpiry) {
    invalid('a new registration has no renewal timing (monthsLate 0, fiscalYearsDue 1)');
  }
  if (input.rent) {
    const { monthly, months } = input.rent;
    if (!isMoney(monthly)) invalid('monthly rent must be a non-negative integer (paisa)');
    if (!isCount(months)) invalid('rent tax period months must be a non-negative integer');
    if (!Number.isSafeInteger(monthly * months)) invalid('rent × months is too large');
  }
}

function checkBand(band: TaxBand): void {
  for (const k of ['taxAmount', 'renewAmount', 'renewFine', 'renewDiscount'] as const) {
    if (!isMoney(band[k])) invalid(`tax setup ${k} must be a non-negative integer (paisa)`);
  }
  for (const k of ['amendmentFee', 'closureFee', 'duplicateFee'] as const) {
    if (band[k] !== undefined && !isMoney(band[k]))
      invalid(`tax setup ${k} must be a non-negative integer (paisa)`);
  }
}

/**
 * Rent tax in paisa: `monthly × months × ratePercent / 100`, rounded half up to the paisa.
 * Exact: the rate is taken in hundredths of a percent and the product computed in BigInt.
 */
function rentTaxOf(monthly: number, months: number, ratePercent: number): number {
  const hundredthsOfPercent = BigInt(Math.round(ratePercent * 100));
  const tenThousandths = BigInt(monthly) * BigInt(months) * hundredthsOfPercent;
  return Number((tenThousandths + 5_000n) / 10_000n);
}

/**
 * Computes the bill (SPEC §3 payment lines), every amount in paisa.
 * @throws FeeError('invalid-input') for negative or non-integer money or counts, a rate outside
 *   0..100, or inconsistent renewal timing; FeeError('no-tax-band') when no band covers the
 *   capital (never a zero bill); FeeError('overlapping-bands') when several do.
 */
export function assessFees(input: FeeInput): Bill {
  checkInput(input);
  const { capital, settings } = input;
  const band = pickBand(input.bands, capital);
  checkBand(band);
  const bandText = `capital band ${rs(band.minCapital)}–${rs(band.maxCapital)} (capital ${rs(capital)})`;

  const renewal = input.isRenewal;
  const years = input.fiscalYearsDue;
  const businessTax = renewal ? band.renewAmount * years : band.taxAmount;
  const fine = renewal ? band.renewFine * input.monthsLate : 0;
  const discount = renewal && input.renewedBeforeExpiry ? band.renewDiscount : 0;
  const rent = input.rent ?? null;
  const rate = settings.rentTaxRatePercent;
  const rentTax = rent ? rentTaxOf(rent.monthly, rent.months, rate) : 0;
  const adminCost = settings.adminCost;

  const gross = businessTax + fine + rentTax + adminCost;
  if (!Number.isSafeInteger(gross)) invalid('the bill is too large');
  const total = Math.max(0, gross - discount);

  const lines: FeeLine[] = [
    {
      key: 'businessTax',
      amount: businessTax,
      rule: renewal
        ? `renew amount ${rs(band.renewAmount)} × ${years} fiscal year(s) due, ${bandText}`
        : `tax amount ${rs(band.taxAmount)} of ${bandText}`,
    },
    {
      key: 'fine',
      amount: fine,
      rule: renewal
        ? `renew fine ${rs(band.renewFine)} × ${input.monthsLate} BS month(s) started after expiry`
        : 'no fine: new registration',
    },
    {
      key: 'rentTax',
      amount: rentTax,
      rule: rent
        ? `monthly rent ${rs(rent.monthly)} × ${rent.months} month(s) × ${rate}%, rounded half up to the paisa`
        : 'no rent tax: premises not rented',
    },
    {
      key: 'adminCost',
      amount: adminCost,
      rule: `flat administrative cost ${rs(adminCost)} (fees setting)`,
    },
    {
      key: 'discount',
      amount: discount,
      rule: !renewal
        ? 'no discount: new registration'
        : input.renewedBeforeExpiry
          ? `early-renewal discount ${rs(band.renewDiscount)}: renewed before expiry`
          : 'no discount: not renewed before expiry',
    },
  ];
  return { lines, businessTax, fine, rentTax, adminCost, discount, total, bandId: band.id ?? null };
}

/** What a request about a registration is billed from (issue 19). Amounts in paisa. */
export interface RequestFeeInput {
  request: 'amendment' | 'closure' | 'duplicate';
  /** the tax setup rows of the business type for the fiscal year */
  bands: TaxBand[];
  /** the capital that picks the band: an amendment's new capital, else the registration's */
  capital: number;
  /**
   * Closure only: the renewals the registration missed (renewalTiming from its expiry to the
   * closing date), null when it is still valid. They are paid as arrears before it closes.
   */
  arrears?: Pick<RenewalTiming, 'fiscalYearsDue' | 'monthsLate'> | null;
  settings: FeeSettings;
}

const REQUEST_FEE = {
  amendment: 'amendmentFee',
  closure: 'closureFee',
  duplicate: 'duplicateFee',
} as const;

/**
 * The bill of an amendment, closure or duplicate certificate (issue 19): the band's own fee for
 * the request (`amendmentFee`, `closureFee`, `duplicateFee`) plus the administrative cost; a
 * closure of a lapsed registration also pays its arrears, the renew amount for each fiscal year
 * due and the renew fine for each BS month late (the renewal rules of assessFees, DESIGN.md §5),
 * with no early discount. No rent tax: rent is taxed with the registration and its renewals.
 * @throws FeeError as assessFees (no band covers the capital, invalid amounts or counts).
 */
export function assessRequestFees(input: RequestFeeInput): Bill {
  if (!isMoney(input.capital)) invalid('capital must be a non-negative integer (paisa)');
  if (!isMoney(input.settings.adminCost))
    invalid('adminCost must be a non-negative integer (paisa)');
  const arrears = input.request === 'closure' ? (input.arrears ?? null) : null;
  if (arrears && (!isCount(arrears.monthsLate) || !isCount(arrears.fiscalYearsDue)))
    invalid('arrears must be non-negative integers');
  const band = pickBand(input.bands, input.capital);
  checkBand(band);
  const feeKey = REQUEST_FEE[input.request];
  const serviceFee = band[feeKey] ?? 0;
  const businessTax = arrears ? band.renewAmount * arrears.fiscalYearsDue : 0;
  const fine = arrears ? band.renewFine * arrears.monthsLate : 0;
  const adminCost = input.settings.adminCost;
  const total = businessTax + fine + adminCost + serviceFee;
  if (!Number.isSafeInteger(total)) invalid('the bill is too large');
  const bandText = `capital band ${rs(band.minCapital)}–${rs(band.maxCapital)} (capital ${rs(input.capital)})`;
  const lines: FeeLine[] = [
    {
      key: 'businessTax',
      amount: businessTax,
      rule: arrears
        ? `arrears: renew amount ${rs(band.renewAmount)} × ${arrears.fiscalYearsDue} fiscal year(s) due, ${bandText}`
        : `no business tax: ${input.request}`,
    },
    {
      key: 'fine',
      amount: fine,
      rule: arrears
        ? `arrears: renew fine ${rs(band.renewFine)} × ${arrears.monthsLate} BS month(s) started after expiry`
        : `no fine: ${input.request}`,
    },
    { key: 'rentTax', amount: 0, rule: `no rent tax: ${input.request}` },
    {
      key: 'adminCost',
      amount: adminCost,
      rule: `flat administrative cost ${rs(adminCost)} (fees setting)`,
    },
    {
      key: 'serviceFee',
      amount: serviceFee,
      rule: `${feeKey} ${rs(serviceFee)} of ${bandText}`,
    },
    { key: 'discount', amount: 0, rule: `no discount: ${input.request}` },
  ];
  return {
    lines,
    businessTax,
    fine,
    rentTax: 0,
    adminCost,
    discount: 0,
    serviceFee,
    total,
    bandId: band.id ?? null,
  };
}
