/**
 * Requests about an approved registration (issue 19) as they cross the wire: an amendment
 * (संशोधन) with the registration's amendable sections as they should become, a closure
 * (खारेजी) with its reason, a duplicate certificate (प्रतिलिपि) with why the original is
 * needed again. The form, the route and the OpenAPI document share these schemas; amounts
 * are entered in rupees and become paisa, as in the application form (applications.ts).
 */
import { z } from 'zod';
import {
  applicationFields,
  crossField,
  fillOwner,
  RENT_FIELDS,
  type Parsed,
} from './applications.js';
import { MSG, optText, reqText } from './fields.js';

/**
 * The sections an amendment may change (issue 19 §1) and the application columns of each:
 * capital (capital growth, पूँजी वृद्धि), business name, business type, owners (add, remove,
 * replace; at most 4), location within the palika (a ward transfer moves the record to the new
 * ward's admins) and the landlord and rent details.
 */
export const AMENDMENT_SECTIONS = {
  capital: ['capitalMax', 'capitalCurrent', 'capitalPaidUp'],
  businessName: ['businessName'],
  businessType: ['businessTypeId'],
  owners: ['kind', 'ownerName', 'fatherOrHusbandName', 'owners'],
  location: ['wardId', 'locAddress', 'locTole'],
  rent: [...RENT_FIELDS],
} as const;
export type AmendmentSection = keyof typeof AMENDMENT_SECTIONS;
export const AMENDMENT_SECTION_KEYS = Object.keys(AMENDMENT_SECTIONS) as AmendmentSection[];

const amendmentFields = {
  businessName: applicationFields.businessName,
  businessTypeId: applicationFields.businessTypeId,
  capitalMax: applicationFields.capitalMax,
  capitalCurrent: applicationFields.capitalCurrent,
  capitalPaidUp: applicationFields.capitalPaidUp,
  kind: applicationFields.kind,
  ownerName: applicationFields.ownerName,
  fatherOrHusbandName: applicationFields.fatherOrHusbandName,
  owners: applicationFields.owners,
  wardId: applicationFields.wardId,
  locAddress: applicationFields.locAddress,
  locTole: applicationFields.locTole,
  ...Object.fromEntries(RENT_FIELDS.map((k) => [k, applicationFields[k]])),
} as Pick<
  typeof applicationFields,
  | 'businessName'
  | 'businessTypeId'
  | 'capitalMax'
  | 'capitalCurrent'
  | 'capitalPaidUp'
  | 'kind'
  | 'ownerName'
  | 'fatherOrHusbandName'
  | 'owners'
  | 'wardId'
  | 'locAddress'
  | 'locTole'
  | (typeof RENT_FIELDS)[number]
>;

/**
 * An amendment (POST /api/applications/{id}/amendment): every amendable section as it should
 * become (the form starts from the registration), the same rules as the application form
 * (capital order, rent fields together, 2..4 owners), and the applicant's remarks. The server
 * refuses one that changes nothing (422 validation.noChanges).
 */
export const amendmentSchema = z
  .object({ ...amendmentFields, remarks: optText(1000) })
  .superRefine((v, ctx) => crossField(v as unknown as Parsed, ctx))
  .transform((v) => fillOwner(v as unknown as Parsed & typeof v));
export type AmendmentInput = z.input<typeof amendmentSchema>;
export type Amendment = z.output<typeof amendmentSchema>;

/** A closure (POST /api/applications/{id}/closure): why the business closes. */
export const closureSchema = z.object({
  reason: reqText(1000),
  remarks: optText(1000),
});
export type ClosureInput = z.input<typeof closureSchema>;

export const DUPLICATE_REASONS = ['lost', 'damaged', 'other'] as const;

/** A duplicate certificate (POST /api/applications/{id}/duplicate): why, and details. */
export const duplicateSchema = z
  .object({
    reason: z.enum(DUPLICATE_REASONS, { error: MSG.choice }),
    details: optText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: MSG.required });
  });
export type DuplicateInput = z.input<typeof duplicateSchema>;

/** What a request stores of itself (applications.service_data). */
export type ServiceData =
  | {
      service: 'amendment';
      sections: AmendmentSection[];
      /**
       * per changed field its value before and after, as filed (money in paisa; ward and
       * business type as `{id, number?, nameEn, nameNe}`; owners as the list)
       */
      changes?: Record<string, { from: unknown; to: unknown }>;
    }
  | { service: 'closure'; reason: string }
  | { service: 'duplicate'; reason: (typeof DUPLICATE_REASONS)[number]; details: string | null };
