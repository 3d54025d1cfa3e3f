/**
 * The fee engine (DESIGN.md §5): a pure function from the tax setup to SPEC §3's payment
 * lines. All amounts are integer paisa (NPR × 100).
 *
 * Rules (defaults configurable per municipality through `FeeSettings`):
 * - the capital band with `minCapital <= capital <= maxCapital` picks the tax setup row;
 *   the capital assessed is the application's current capital;
 * - new registration: business tax = `taxAmount`; renewal: business tax = `renewAmount`;
 * - renewal fine = `renewFine` × started months after expiry;
 * - early-renewal discount = `renewDiscount` when renewed on or before expiry;
 * - rent tax = monthly rent × months × `rentTaxRatePercent` % (default 10 %), rounded to paisa;
 * - administrative cost = flat `adminCost`.
 */
export interface TaxBand {
  id?: number;
  minCapital: number;
  maxCapital: number;
  taxAmount: number;
  renewAmount: number;
  renewFine: number;
  renewDiscount: number;
}

export interface FeeSettings {
  /** flat administrative cost, paisa */
  adminCost: number;
  /** percent of rent collected as rent tax; DESIGN.md §5 default 10 */
  rentTaxRatePercent: number;
}

export const DEFAULT_FEE_SETTINGS: FeeSettings = { adminCost: 10_000, rentTaxRatePercent: 10 };

export interface FeeInput {
  bands: TaxBand[];
  /** paisa */
  capital: number;
  isRenewal: boolean;
  /** whole or started months past expiry; 0 when not late */
  monthsLate: number;
  /** renewal made on or before the expiry date */
  renewedBeforeExpiry: boolean;
  /** monthly rent in paisa and the months it is taxed for; omit when not rented */
  rent?: { monthly: number; months: number } | null;
  settings: FeeSettings;
}

export type FeeLineKey = 'businessTax' | 'fine' | 'rentTax' | 'adminCost' | 'discount';

export interface FeeLine {
  key: FeeLineKey;
  /** paisa; discount is a positive number subtracted from the total */
  amount: number;
  /** which rule produced the line, for the bill's explanation */
  rule: string;
}

export interface Bill {
  lines: FeeLine[];
  businessTax: number;
  fine: number;
  rentTax: number;
  adminCost: number;
  discount: number;
  /** paisa, never negative */
  total: number;
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

const isMoney = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** Picks the band containing `capital`; throws FeeError('no-tax-band') when none does. */
export function pickBand(bands: TaxBand[], capital: number): TaxBand {
  const band = bands.find((b) => b.minCapital <= capital && capital <= b.maxCapital);
  if (!band) throw new FeeError('no-tax-band', `No tax setup band covers capital ${capital} paisa`);
  return band;
}

/**
 * Rejects overlapping or inverted capital bands (DESIGN.md §5: rejected on save).
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

/** Computes the bill. Throws FeeError on bad input or when no band applies. */
export function assessFees(input: FeeInput): Bill {
  const { capital, settings } = input;
  if (!isMoney(capital) || !isMoney(settings.adminCost) || !(input.monthsLate >= 0)) {
    throw new FeeError(
      'invalid-input',
      'capital, adminCost and monthsLate must be non-negative integers',
    );
  }
  const band = pickBand(input.bands, capital);
  const lines: FeeLine[] = [];
  const businessTax = input.isRenewal ? band.renewAmount : band.taxAmount;
  lines.push({
    key: 'businessTax',
    amount: businessTax,
    rule: input.isRenewal ? 'renewAmount of capital band' : 'taxAmount of capital band',
  });
  const fine = input.isRenewal ? band.renewFine * Math.ceil(input.monthsLate) : 0;
  lines.push({
    key: 'fine',
    amount: fine,
    rule: `renewFine × ${Math.ceil(input.monthsLate)} month(s) late`,
  });
  let rentTax = 0;
  if (input.rent && input.rent.monthly > 0 && input.rent.months > 0) {
    rentTax = Math.round(
      (input.rent.monthly * input.rent.months * settings.rentTaxRatePercent) / 100,
    );
  }
  lines.push({
    key: 'rentTax',
    amount: rentTax,
    rule: `monthly rent × months × ${settings.rentTaxRatePercent}%`,
  });
  lines.push({ key: 'adminCost', amount: settings.adminCost, rule: 'flat administrative cost' });
  const discount =
    input.isRenewal && input.renewedBeforeExpiry && input.monthsLate === 0 ? band.renewDiscount : 0;
  lines.push({
    key: 'discount',
    amount: discount,
    rule: 'renewDiscount when renewed before expiry',
  });
  const gross = businessTax + fine + rentTax + settings.adminCost;
  const total = Math.max(0, gross - discount);
  return {
    lines,
    businessTax,
    fine,
    rentTax,
    adminCost: settings.adminCost,
    discount,
    total,
    bandId: band.id ?? null,
  };
}
