/**
 * Business registration application (SPEC §3) as it crosses the wire. Form fields are
 * camelCase names of the entity's fields; the form, the route and the OpenAPI document use
 * these same schemas. Amounts are entered in rupees and become paisa.
 *
 * Rules beyond SPEC §5 (recorded in docs/decisions.md):
 * - names 1..120 characters; description up to 2000;
 * - ward numbers 1..33 (Pokhara, the palika with most wards, has 33);
 * - capital: paid-up ≤ current ≤ maximum;
 * - mobile numbers 10 digits starting 97/98;
 * - old registration: number (≤ 40) and date (not in the future) required iff the flag is set;
 * - card size 1..500 cm; other registration number ≤ 60, office ≤ 160;
 * - rent: monthly rent ≥ 0 rupees, tax period 1..12 months, start date not in the future;
 *   any rent field given makes landlord, monthly rent, tax period and purpose required;
 * - multiple owners: 2..4 (SPEC §5), each name and father's or husband's name required;
 *   an empty ownerName/fatherOrHusbandName is filled from the first owner;
 * - amounts and whole numbers may be typed with Devanagari digits and grouped with commas
 *   ('३,००,०००', '3,00,000', '300,000'): `ungroupNumber` reads them (issue 17 §2).
 */
import { z } from 'zod';
import { todayAd } from '../bs-date.js';
import { toLatinDigits } from '../format.js';
import { STATUSES } from '../lifecycle.js';
import { ungroupNumber } from '../numbers.js';
import {
  fileField,
  MSG,
  mobile,
  optFileField,
  optInt,
  optText,
  reqId,
  reqInt,
  reqText,
  rupeesToPaisa,
} from './fields.js';
import { MAX_OWNERS, MIN_OWNERS, RENT_FIELDS, RENT_REQUIRED } from './application-rules.js';

// The form's constants live without zod (./application-rules.ts): re-exported for the server.
export * from './application-rules.js';

/** Rupees → paisa, accepting grouped and Devanagari digits ('3,00,000' → 30000000). */
const money = () =>
  z.string({ error: MSG.required }).transform(ungroupNumber).pipe(rupeesToPaisa());

/** Optional whole number in min..max, accepting grouped and Devanagari digits. */
const optNumber = (min: number, max: number) =>
  z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s == null ? s : ungroupNumber(s)))
    .pipe(optInt(min, max));

/** '1'/'true' → true, '0'/'false'/''/missing → false. */
const boolish = () =>
  z
    .union([z.string(), z.boolean()])
    .optional()
    .nullable()
    .transform((v) => (typeof v === 'boolean' ? v : v == null ? '' : v.trim().toLowerCase()))
    .pipe(z.union([z.boolean(), z.enum(['', '0', '1', 'true', 'false'], { error: MSG.choice })]))
    .transform((v) => v === true || v === '1' || v === 'true');

/** Optional AD date, not in the future; '' becomes null. */
const optPastDate = () =>
  z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s ?? '').trim())
    .pipe(
      z.union([
        z.literal(''),
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.date)
          .refine((s) => !Number.isNaN(Date.parse(s)), MSG.date)
          .refine((s) => s <= todayAd(), MSG.futureDate),
      ]),
    )
    .transform((s) => (s === '' ? null : s));

/** Optional rupees ≥ 0 (up to 2 decimals) → paisa; '' becomes null, a negative amount is out of range. */
const optRupees = () =>
  z
    .string()
    .optional()
    .nullable()
    .transform((s) => ungroupNumber(s ?? ''))
    .pipe(z.string().regex(/^(-?\d+(\.\d{1,2})?)?$/, MSG.numeric))
    .transform((s) => (s === '' ? null : Math.round(Number(s) * 100)))
    .pipe(z.number().int().min(0, MSG.range).max(100_000_000_000, MSG.range).nullable());

/** Optional choice; '' becomes null. */
const optEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s ?? '').trim())
    .pipe(z.union([z.literal(''), z.enum(values, { error: MSG.choice })]))
    .transform((s) => (s === '' ? null : (s as T[number])));

/** One owner of a multiple-owner registration. */
export const ownerSchema = z.object({
  name: reqText(120),
  fatherOrHusbandName: reqText(120),
  citizenshipNo: optText(40),
});
export type OwnerInput = z.output<typeof ownerSchema>;

/** `owners`: a JSON array of owners in a form field ('' or missing → []). */
const ownersField = () =>
  z
    .union([z.string(), z.array(z.unknown())])
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (Array.isArray(v)) return v;
      const s = (v ?? '').trim();
      if (!s) return [];
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: MSG.choice });
        return z.NEVER;
      }
    })
    .pipe(z.array(ownerSchema, { error: MSG.choice }).max(MAX_OWNERS, 'validation.maxOwners'));

export const applicationFields = {
  kind: optEnum(['single', 'multiple'] as const).transform((k) => k ?? 'single'),
  isOldRegistration: boolish(),
  // stored with Latin digits: ४५६/०७५-७६ and 456/075-76 are the same registration
  oldRegistrationNo: optText(40).transform((v) => (v == null ? v : toLatinDigits(v))),
  oldRegistrationDate: optPastDate(),
  businessName: reqText(120),
  ownerName: optText(120),
  fatherOrHusbandName: optText(120),
  businessTypeId: reqId(),
  firmName: optText(160),
  description: optText(2000),
  permStateId: reqId(),
  permDistrictId: reqId(),
  permCityId: reqId(),
  permWardNo: reqInt(1, 33),
  permTole: optText(120),
  permChowk: optText(120),
  wardId: reqId(),
  locAddress: reqText(200),
  locTole: optText(120),
  locMobile: mobile(),
  capitalMax: money(),
  capitalCurrent: money(),
  capitalPaidUp: money(),
  applicantName: reqText(120),
  applicantAddress: reqText(200),
  applicantContact: mobile(),
  cardLength: optNumber(1, 500),
  cardWidth: optNumber(1, 500),
  otherRegNo: optText(60),
  otherRegOffice: optText(160),
  rentLandlordName: optText(120),
  rentWardNo: optInt(1, 33),
  rentTole: optText(120),
  rentChowk: optText(120),
  rentHouseNo: optText(40),
  rentFloors: optNumber(0, 50),
  rentRooms: optNumber(0, 500),
  rentStartDate: optPastDate(),
  rentMonthly: optRupees(),
  rentTaxPeriodMonths: optInt(1, 12),
  rentPurpose: optEnum(['residence', 'commercial'] as const),
  landCurrentCity: optText(120),
  landWardNo: optInt(1, 33),
  landPreviousVdc: optText(120),
  landSeatNo: optText(40),
  landKittaNo: optText(40),
  landArea: optText(60),
  owners: ownersField(),
};

export type Parsed = {
  kind: 'single' | 'multiple';
  isOldRegistration: boolean;
  oldRegistrationNo: string | null;
  oldRegistrationDate: string | null;
  ownerName: string | null;
  fatherOrHusbandName: string | null;
  capitalMax: number;
  capitalCurrent: number;
  capitalPaidUp: number;
  owners: OwnerInput[];
} & Record<(typeof RENT_FIELDS)[number], unknown>;

/** Rules across fields; each issue names its field. */
export function crossField(v: Parsed, ctx: z.RefinementCtx) {
  const need = (path: string, message: string = MSG.required) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const caps = [v.capitalPaidUp, v.capitalCurrent, v.capitalMax];
  if (caps.every((c) => typeof c === 'number') && !(caps[0] <= caps[1] && caps[1] <= caps[2]))
    need('capitalCurrent', MSG.capitalOrder);
  if (v.isOldRegistration) {
    if (!v.oldRegistrationNo) need('oldRegistrationNo');
    if (!v.oldRegistrationDate) need('oldRegistrationDate');
  }
  if (RENT_FIELDS.some((k) => v[k] != null)) {
    for (const k of RENT_REQUIRED) if (v[k] == null) need(k);
  }
  if (v.kind === 'multiple') {
    if (Array.isArray(v.owners) && v.owners.length < MIN_OWNERS)
      need('owners', 'validation.minOwners');
  } else {
    if (!v.ownerName) need('ownerName');
    if (!v.fatherOrHusbandName) need('fatherOrHusbandName');
  }
}

/** Multiple owners: the application's owner is the first one unless the form names one. */
export function fillOwner<T extends Parsed>(v: T) {
  const first = v.kind === 'multiple' ? v.owners[0] : undefined;
  return {
    ...v,
    owners: v.kind === 'multiple' ? v.owners : [],
    ownerName: v.ownerName ?? first?.name ?? '',
    fatherOrHusbandName: v.fatherOrHusbandName ?? first?.fatherOrHusbandName ?? '',
  };
}

/** Text part of an application (create and update). */
export const applicationBaseSchema = z
  .object(applicationFields)
  .superRefine(crossField)
  .transform(fillOwner);
export type ApplicationFields = z.output<typeof applicationBaseSchema>;

/**
 * Required-file uploads, keyed by the required file's slug. The route gathers the
 * `doc_<slug>` form fields into this object before validation (docs/api.md).
 */
const documentsField = () =>
  z
    .record(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, MSG.choice), fileField())
    .optional()
    .transform((d) => d ?? {});

/**
 * Multipart create. The photo and citizenship scan come from the applicant's profile
 * (SPEC §5 'Please upload photos first'); the form sends the required files as
 * `doc_<slug>` and, for an old paper registration, the scan of its certificate.
 */
export const applicationCreateSchema = z
  .object({ ...applicationFields, oldCertificate: optFileField(), documents: documentsField() })
  .superRefine(crossField)
  .transform(fillOwner);
export type ApplicationCreateInput = z.input<typeof applicationCreateSchema>;

/** Multipart update (POST /api/applications/{id}): the same fields; files replace if sent. */
export const applicationUpdateSchema = applicationCreateSchema;
export type ApplicationUpdateInput = z.input<typeof applicationUpdateSchema>;

/** Renewal (POST /api/applications/{id}/renew): renew proof and old certificate, issue 4 §5. */
export const renewSchema = z.object({
  renewProof: fileField(),
  oldCertificate: fileField(),
  remarks: optText(1000),
});

/**
 * Accepting an old paper registration: optional expiry (AD) printed on the paper
 * certificate; by default the end of the fiscal year of the old registration date.
 */
export const acceptSchema = z.object({
  remarks: optText(1000),
  expiryDate: z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s ?? '').trim())
    .pipe(
      z.union([
        z.literal(''),
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.date)
          .refine((s) => !Number.isNaN(Date.parse(s)), MSG.date),
      ]),
    )
    .transform((s) => (s === '' ? null : s)),
});

/** Staff checklist of one document: ids of the image checkboxes ticked (SPEC §1). */
export const documentChecksSchema = z.object({
  checks: z
    .preprocess(
      (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.coerce.number({ error: MSG.choice }).int().positive().max(2_147_483_647)),
    )
    .pipe(z.array(z.number()).max(50, MSG.range)),
});

/** JSON numbers arrive as numbers; the form builders read strings. */
const fromNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/** Fee estimate before submitting (POST /api/applications/quote), amounts in rupees. */
export const quoteSchema = z.object({
  businessTypeId: reqId(),
  capitalCurrent: fromNumber(money()),
  rentMonthly: fromNumber(optRupees()),
  rentTaxPeriodMonths: fromNumber(optInt(1, 12)),
  renewalOf: fromNumber(optInt(1, 2_147_483_647)),
});

export const remarksSchema = z.object({
  remarks: z
    .string()
    .trim()
    .max(1000, MSG.tooLong)
    .optional()
    .transform((s) => s || null),
});

export const rejectSchema = z.object({ remarks: reqText(1000) });

export const billLineSchema = z.object({
  key: z.enum(['businessTax', 'fine', 'rentTax', 'adminCost', 'serviceFee', 'discount']),
  amount: z.number().int(),
  rule: z.string(),
});
export const billSchema = z.object({
  lines: z.array(billLineSchema),
  businessTax: z.number().int(),
  fine: z.number().int(),
  rentTax: z.number().int(),
  adminCost: z.number().int(),
  discount: z.number().int(),
  serviceFee: z.number().int().optional(),
  total: z.number().int(),
  bandId: z.number().nullable(),
});

export const appStatusSchema = z.enum(STATUSES);

/** Filters the applications list accepts (JSON in `filters`). */
export const applicationFiltersSchema = z
  .object({
    status: appStatusSchema.optional(),
    q: z.string().max(100).optional(),
    wardId: z.coerce.number().int().positive().optional(),
    businessTypeId: z.coerce.number().int().positive().optional(),
  })
  .strict();
