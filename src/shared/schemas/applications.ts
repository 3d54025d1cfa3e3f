/**
 * Business registration application (SPEC §3) as it crosses the wire. Form fields are
 * camelCase names of the entity's fields; the form, the route and the OpenAPI document use
 * these same schemas. Amounts are entered in rupees and become paisa.
 *
 * Rules beyond SPEC §5 (recorded in docs/decisions.md):
 * - names 1..120 characters; description up to 2000;
 * - ward numbers 1..33 (Pokhara, the palika with most wards, has 33);
 * - capital: paid-up ≤ current ≤ maximum;
 * - mobile numbers 10 digits starting 97/98.
 */
import { z } from 'zod';
import { STATUSES } from '../lifecycle.js';
import {
  adDate,
  fileField,
  MSG,
  mobile,
  optText,
  reqId,
  reqInt,
  reqText,
  rupeesToPaisa,
} from './fields.js';

export const applicationFields = {
  businessName: reqText(120),
  ownerName: reqText(120),
  fatherOrHusbandName: reqText(120),
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
  capitalMax: rupeesToPaisa(),
  capitalCurrent: rupeesToPaisa(),
  capitalPaidUp: rupeesToPaisa(),
  applicantName: reqText(120),
  applicantAddress: reqText(200),
  applicantContact: mobile(),
};

const capitalOrder = (v: { capitalMax: number; capitalCurrent: number; capitalPaidUp: number }) =>
  v.capitalPaidUp <= v.capitalCurrent && v.capitalCurrent <= v.capitalMax;

/** Text part of a new single-owner application. */
export const applicationBaseSchema = z.object(applicationFields).refine(capitalOrder, {
  path: ['capitalCurrent'],
  message: MSG.capitalOrder,
});

/** Multipart create: fields + the applicant's photo and citizenship scan. */
export const applicationCreateSchema = z
  .object({ ...applicationFields, photo: fileField(), citizenship: fileField() })
  .refine(capitalOrder, { path: ['capitalCurrent'], message: MSG.capitalOrder });
export type ApplicationCreateInput = z.input<typeof applicationCreateSchema>;

export const remarksSchema = z.object({
  remarks: z
    .string()
    .trim()
    .max(1000, MSG.tooLong)
    .optional()
    .transform((s) => s || null),
});

export const rejectSchema = z.object({ remarks: reqText(1000) });

/** Manual (counter) payment (issue 2 §5; SPEC §3 Payment). The amounts are the bill's. */
export const manualPaymentSchema = z.object({
  receiptNo: reqText(40).pipe(z.string().regex(/^[A-Za-z0-9/_-]+$/, MSG.choice)),
  paidDate: adDate(),
  channel: z.enum(['counter', 'bank'], { error: MSG.choice }),
  remarks: optText(1000),
});

export const billLineSchema = z.object({
  key: z.enum(['businessTax', 'fine', 'rentTax', 'adminCost', 'discount']),
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
