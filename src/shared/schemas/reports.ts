/**
 * The public register and the staff reports (issue 19 §6, §7): the query and response schemas
 * the routes validate with, the OpenAPI document shows and the client types its answers by.
 *
 * Public register: only public facts of a registration (business name, registration number,
 * business type and ward in both languages, status, valid until). `publicRegisterItemSchema` is
 * strict, and a test checks the exact key set of every item, so a personal field (owner,
 * phone, citizenship, address, capital) can never be answered.
 *
 * Reports: a period of AD dates (the client picks it in BS: a fiscal year or a BS range), an
 * optional ward; money in integer paisa.
 */
import { z } from 'zod';
import { adToBs } from '../bs-date.js';

/** A real AD date 'YYYY-MM-DD' inside the BS calendar's range (reports show it in BS). */
const DATE = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((s) => {
    try {
      adToBs(s);
      return new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
    } catch {
      return false;
    }
  }, 'validation.date');

// ---------------------------------------------------------------- public register

/** Results per page of the public register. */
export const PUBLIC_REGISTER_PAGE_SIZE = 20;
/** The deepest page asked for: a search is meant to be narrowed, not paged through. */
export const PUBLIC_REGISTER_MAX_PAGE = 10;
/** Fewest characters searched (after trimming): shorter is too broad for the trigram index. */
export const PUBLIC_REGISTER_MIN_Q = 3;

/** `q`: a business name (English or Devanagari) or a registration number; `page` from 1. */
export const publicRegisterQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(PUBLIC_REGISTER_MIN_Q, 'validation.searchTooShort')
    .max(100, 'validation.tooLong'),
  page: z.coerce.number().int().min(1).max(PUBLIC_REGISTER_MAX_PAGE).default(1),
});
export type PublicRegisterQuery = z.output<typeof publicRegisterQuerySchema>;

/** What the public register says of a registration: registered, expired (valid-until passed) or closed. */
export const PUBLIC_REGISTER_STATUSES = ['registered', 'expired', 'closed'] as const;
export type PublicRegisterStatus = (typeof PUBLIC_REGISTER_STATUSES)[number];

const bilingual = { nameEn: z.string(), nameNe: z.string() };

/** One registration as the public sees it: these keys and no others. */
export const publicRegisterItemSchema = z
  .object({
    businessName: z.string(),
    registrationNo: z.string(),
    businessType: z.object(bilingual).strict(),
    ward: z.object({ number: z.number().int(), ...bilingual }).strict(),
    status: z.enum(PUBLIC_REGISTER_STATUSES),
    /** AD date; shown in BS */
    validUntil: z.string().nullable(),
  })
  .strict();
export type PublicRegisterItem = z.output<typeof publicRegisterItemSchema>;

export const publicRegisterResponseSchema = z.object({
  data: z.array(publicRegisterItemSchema),
  meta: z.object({ page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() }),
});
export type PublicRegisterResponse = z.output<typeof publicRegisterResponseSchema>;

// ---------------------------------------------------------------- staff reports

/** The reports' period (AD, inclusive) and optional ward. */
export const reportQuerySchema = z.object({
  from: DATE,
  to: DATE,
  wardId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** A receipts report's query: the period and ward, and the cursor of the next page. */
export const receiptReportQuerySchema = reportQuerySchema.extend({
  cursor: z.string().max(100).optional(),
});

/** What a collection total is grouped by. */
export const COLLECTION_GROUPS = ['ward', 'channel', 'businessType', 'month'] as const;
export type CollectionGroup = (typeof COLLECTION_GROUPS)[number];

export const collectionQuerySchema = reportQuerySchema.extend({
  by: z.enum(COLLECTION_GROUPS).default('ward'),
});

/** The language and format of a report's file. */
export const reportFileSchema = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  lang: z.enum(['en-US', 'ne']).optional(),
});

/** Receipts per page of the receipt register (JSON); the export holds them all. */
export const RECEIPT_PAGE_SIZE = 100;

/** One receipt (a payment that moved money): completed, refund due or refunded. */
export const receiptRowSchema = z.object({
  id: z.number().int(),
  receiptNo: z.string().nullable(),
  paidDate: z.string().nullable(),
  payer: z.string(),
  businessName: z.string(),
  submissionNo: z.string(),
  registrationNo: z.string().nullable(),
  wardNumber: z.number().int(),
  channel: z.string(),
  payStatus: z.string(),
  total: z.number().int(),
  refundReason: z.string().nullable(),
  refundedOn: z.string().nullable(),
  refundMethod: z.string().nullable(),
  refundReference: z.string().nullable(),
});
export type ReceiptRow = z.output<typeof receiptRowSchema>;

/** The sums of a receipts report over the whole period (not only the page). Paisa. */
export const receiptTotalsSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  credited: z.number().int(),
  refundDue: z.number().int(),
  refunded: z.number().int(),
});
export type ReceiptTotals = z.output<typeof receiptTotalsSchema>;

export const receiptReportResponseSchema = z.object({
  data: z.array(receiptRowSchema),
  meta: receiptTotalsSchema.extend({ nextCursor: z.string().nullable() }),
});
export type ReceiptReport = z.output<typeof receiptReportResponseSchema>;

/** One group of the collection: its key, its name in both languages, receipts and paisa. */
export const collectionRowSchema = z.object({
  key: z.string(),
  nameEn: z.string(),
  nameNe: z.string(),
  count: z.number().int(),
  total: z.number().int(),
});
export type CollectionRow = z.output<typeof collectionRowSchema>;

export const collectionResponseSchema = z.object({
  data: z.array(collectionRowSchema),
  meta: z.object({ count: z.number().int(), total: z.number().int() }),
});
export type CollectionReport = z.output<typeof collectionResponseSchema>;

/** Age buckets of an application, in days since submission (inclusive bounds). */
export const AGE_BUCKETS = [
  { key: 'd0_7', min: 0, max: 7 },
  { key: 'd8_30', min: 8, max: 30 },
  { key: 'd31_90', min: 31, max: 90 },
  { key: 'd90plus', min: 91, max: null },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number]['key'];

/** Applications of one status, counted per age bucket. */
export const ageRowSchema = z.object({
  status: z.string(),
  d0_7: z.number().int(),
  d8_30: z.number().int(),
  d31_90: z.number().int(),
  d90plus: z.number().int(),
  total: z.number().int(),
});
export type AgeRow = z.output<typeof ageRowSchema>;

export const ageResponseSchema = z.object({
  data: z.array(ageRowSchema),
  meta: ageRowSchema.omit({ status: true }),
});
export type AgeReport = z.output<typeof ageResponseSchema>;
