/**
 * The application's field rules that the form needs to draw itself (SPEC §5), without zod:
 * the form's first view loads only these, and the schema that checks the values
 * (./applications.ts, which re-exports them) when the form is first used (issue 18 §5).
 */

/** SPEC §5: a multiple-owner registration takes at most 4 names. */
export const MAX_OWNERS = 4;
export const MIN_OWNERS = 2;

/** Rent fields: any one given makes these required. */
export const RENT_FIELDS = [
  'rentLandlordName',
  'rentWardNo',
  'rentTole',
  'rentChowk',
  'rentHouseNo',
  'rentFloors',
  'rentRooms',
  'rentStartDate',
  'rentMonthly',
  'rentTaxPeriodMonths',
  'rentPurpose',
] as const;
export const RENT_REQUIRED = [
  'rentLandlordName',
  'rentMonthly',
  'rentTaxPeriodMonths',
  'rentPurpose',
] as const;

/**
 * Document kinds the applicant's profile provides to every application (issue 17 §3): the
 * photo and the citizenship certificate. A required file whose slug is one of these is never
 * asked in the application form nor accepted as an upload there; the application carries
 * the profile's file (kinds `photo` and `citizenship`). Older setups named these documents
 * `passport-photo`, `citizenship-front` and `citizenship-back`.
 */
export const PROFILE_DOCUMENT_SLUGS: readonly string[] = [
  'photo',
  'citizenship',
  'passport-photo',
  'citizenship-front',
  'citizenship-back',
];

/** Form-field prefix of a required-file upload: `doc_<required-file slug>` (SPEC §5). */
export const DOC_FIELD_PREFIX = 'doc_';
