/**
 * Setup data and access control as they cross the wire (issue 3; SPEC §3, §7): one form
 * schema per generic resource, shared by the client's form dialog and the server's routes,
 * plus the row shapes the API answers with.
 *
 * Conventions (docs/decisions.md, docs/api.md):
 * - forms post multipart strings; ids, numbers and amounts may use Devanagari digits;
 * - money is typed in RUPEES (up to 2 decimals) and stored and answered as integer PAISA;
 * - dates are AD 'YYYY-MM-DD'; instants are ISO strings;
 * - update (`POST /api/{r}/{id}`) posts the whole form, like create: an optional field that is
 *   missing or empty becomes empty; only `status`, `slug` (kept), `password` and files (kept
 *   when not sent) differ, as noted per resource;
 * - every form may carry `status` ('1'/'0'), `redirect` and `redirect_page` (SPEC §3).
 * Messages are translation keys (src/shared/i18n).
 */
import { z } from 'zod';
import { toLatinDigits } from '../format.js';
import { passwordField } from './auth.js';
import {
  adDate,
  choiceError,
  MSG,
  mobile,
  optEmail,
  optFileField,
  optText,
  reqId,
  reqInt,
  reqText,
  rupeesToPaisa,
  username,
} from './fields.js';
import { SETUP_RESOURCES } from '../permissions.js';

export { SETUP_RESOURCES };
export type SetupResource = (typeof SETUP_RESOURCES)[number];

export const RESOURCE_MSG = {
  slug: 'validation.slug',
  minMax: 'validation.minMax',
  dateOrder: 'validation.dateOrder',
  fiscalYearCode: 'validation.fiscalYearCode',
  phone: 'validation.phone',
} as const;

// ---------------------------------------------------------------- field builders

/** Record status: '1' active, '0' inactive (also true/false). */
export const statusField = () =>
  z
    .union([z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
      error: choiceError,
    })
    .transform((v): 0 | 1 => (v === 1 || v === '1' || v === 'true' ? 1 : 0));

/** A yes/no form field: '1'/'0', 'true'/'false' (or a JSON boolean). */
export const boolField = () =>
  z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], { error: MSG.required })
    .transform((v) => v === true || v === '1' || v === 'true');

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Required slug: lowercase letters, digits and single dashes, at most 80 characters. */
export const slugField = () => reqText(80).pipe(z.string().regex(SLUG_RE, RESOURCE_MSG.slug));

/** Optional slug: '' and missing become null (the server then generates or keeps one). */
export const optSlugField = () =>
  optText(80).pipe(z.string().regex(SLUG_RE, RESOURCE_MSG.slug).nullable());

/** 'Retail shop (Kirana)' → 'retail-shop-kirana'; '' when nothing Latin is left. */
export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** Optional office phone (landline or mobile): digits, spaces, + - ( ), 6..20 characters. */
export const optPhone = () =>
  z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s == null ? '' : toLatinDigits(s).trim()))
    .pipe(
      z
        .string()
        .max(20, MSG.tooLong)
        .regex(/^$|^[0-9+\-() ]{6,20}$/, RESOURCE_MSG.phone),
    )
    .transform((s) => s || null);

/** Parent/role ids sent as `key[]` (repeated); one value may arrive as a plain string. */
export const idList = () =>
  z
    .preprocess(
      (v) => (v == null ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== '' && x != null)),
      z.array(reqId()).max(500, MSG.range),
    )
    .transform((ids) => [...new Set(ids)]);

/** Fields every form may carry. `redirect`/`redirect_page` are handed back by the API. */
export const formExtras = {
  status: statusField().optional(),
  redirect: optText(500),
  redirect_page: optText(200),
};

const name = (max = 120) => reqText(max);

// ---------------------------------------------------------------- the forms

export const wardSchema = z.object({
  number: reqInt(1, 33),
  nameEn: name(),
  nameNe: name(),
  chairNameEn: name(),
  chairNameNe: name(),
  secretaryNameEn: name(),
  secretaryNameNe: name(),
  addressEn: optText(200),
  addressNe: optText(200),
  phone: optPhone(),
  ...formExtras,
});

/** `slug` is generated from nameEn when empty on create, and kept when empty on update. */
export const businessTypeSchema = z.object({
  nameEn: name(),
  nameNe: name(),
  slug: optSlugField(),
  ...formExtras,
});

/** '2084/85': the second year is the first plus one. */
export const fiscalYearCode = () =>
  reqText(7)
    .transform((s) => toLatinDigits(s))
    .pipe(
      z
        .string()
        .regex(/^\d{4}\/\d{2}$/, RESOURCE_MSG.fiscalYearCode)
        .refine(
          (s) => (Number(s.slice(0, 4)) + 1) % 100 === Number(s.slice(5)),
          RESOURCE_MSG.fiscalYearCode,
        ),
    );

/**
 * Fiscal year. `status` is active/inactive only; which year is current changes through
 * POST /api/fiscal-years/{id}/make-current (issue 17 §7). A new year is inactive unless
 * `status=1` is sent.
 */
export const fiscalYearSchema = z
  .object({
    code: fiscalYearCode(),
    nameNe: name(40),
    startDate: adDate(),
    endDate: adDate(),
    ...formExtras,
  })
  .refine((v) => v.startDate < v.endDate, { path: ['endDate'], message: RESOURCE_MSG.dateOrder });

/** Tax band (DESIGN.md §5): amounts in rupees in the form, paisa in the API. */
export const taxSetupSchema = z
  .object({
    businessTypeId: reqId(),
    fiscalYearId: reqId(),
    minCapital: rupeesToPaisa(),
    maxCapital: rupeesToPaisa(),
    taxAmount: rupeesToPaisa(),
    renewAmount: rupeesToPaisa(),
    renewFine: rupeesToPaisa(),
    renewDiscount: rupeesToPaisa(),
    // issue 19: the fees of the requests about a registration; absent keeps the stored value
    // (0 on a new row)
    amendmentFee: rupeesToPaisa().optional(),
    closureFee: rupeesToPaisa().optional(),
    duplicateFee: rupeesToPaisa().optional(),
    ...formExtras,
  })
  .refine((v) => v.minCapital <= v.maxCapital, {
    path: ['maxCapital'],
    message: RESOURCE_MSG.minMax,
  });

export const stateSchema = z.object({
  nameEn: name(),
  nameNe: name(),
  headquarterEn: optText(120),
  headquarterNe: optText(120),
  ...formExtras,
});

export const districtSchema = z.object({
  stateId: reqId(),
  nameEn: name(),
  nameNe: name(),
  headquarterEn: optText(120),
  headquarterNe: optText(120),
  ...formExtras,
});

export const citySchema = z.object({
  districtId: reqId(),
  nameEn: name(),
  nameNe: name(),
  categoryEn: name(60),
  categoryNe: name(60),
  wardCount: reqInt(1, 40),
  ...formExtras,
});

export const checkboxSchema = z.object({
  nameEn: name(200),
  nameNe: name(200),
  ...formExtras,
});

export const REQUIRED_IN = ['create', 'update', 'both'] as const;

export const requiredFileSchema = z.object({
  nameEn: name(),
  nameNe: name(),
  slug: optSlugField(),
  requiredIn: z.enum(REQUIRED_IN, { error: choiceError }),
  isRequired: boolField(),
  ...formExtras,
});

export const USER_TYPES = ['user', 'wardadmin', 'systemadmin'] as const;

const userFields = {
  name: name(),
  username: username(),
  phone: mobile(),
  email: optEmail(),
  gender: z.enum(['male', 'female'], { error: choiceError }),
  userType: z.enum(USER_TYPES, { error: choiceError }),
  /** required iff userType is wardadmin; ignored (stored empty) otherwise */
  wardId: z
    .union([z.string(), z.number()])
    .optional()
    .nullable()
    .transform((v) => (v == null || v === '' ? null : v))
    .pipe(reqId().nullable()),
  photo: optFileField(),
  citizenship: optFileField(),
  ...formExtras,
};

const wardForWardAdmin = (v: { userType: string; wardId: number | null }) =>
  v.userType !== 'wardadmin' || v.wardId != null;

/** New user: password required (same rule as registration). */
export const userCreateSchema = z
  .object({ ...userFields, password: passwordField() })
  .refine(wardForWardAdmin, { path: ['wardId'], message: MSG.required });

/** Edit user: an empty or missing password keeps the current one; missing files are kept. */
export const userUpdateSchema = z
  .object({
    ...userFields,
    password: z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      passwordField().optional(),
    ),
  })
  .refine(wardForWardAdmin, { path: ['wardId'], message: MSG.required });

/** Role with its permissions (`permissionIds[]` repeated; none sent = no permissions). */
export const roleSchema = z.object({
  slug: slugField(),
  nameEn: name(),
  nameNe: name(),
  permissionIds: idList(),
  ...formExtras,
});

export const permissionSchema = z.object({
  slug: slugField(),
  nameEn: name(),
  nameNe: name(),
  groupName: reqText(60),
  ...formExtras,
});

/** Create and update form schema of every writable resource. */
export const RESOURCE_FORMS = {
  wards: { create: wardSchema, update: wardSchema },
  'business-types': { create: businessTypeSchema, update: businessTypeSchema },
  'fiscal-years': { create: fiscalYearSchema, update: fiscalYearSchema },
  'tax-setups': { create: taxSetupSchema, update: taxSetupSchema },
  states: { create: stateSchema, update: stateSchema },
  districts: { create: districtSchema, update: districtSchema },
  cities: { create: citySchema, update: citySchema },
  checkboxes: { create: checkboxSchema, update: checkboxSchema },
  'required-files': { create: requiredFileSchema, update: requiredFileSchema },
  users: { create: userCreateSchema, update: userUpdateSchema },
  roles: { create: roleSchema, update: roleSchema },
  permissions: { create: permissionSchema, update: permissionSchema },
} as const;

/**
 * `POST /api/{r}/{id}/update-dropdown` may change these fields only (anything else is 422 on
 * `field`). The value is validated like the same field of the form.
 */
export const DROPDOWN_FIELDS = {
  wards: [],
  'business-types': [],
  'fiscal-years': [],
  'tax-setups': ['businessTypeId', 'fiscalYearId'],
  states: [],
  districts: ['stateId'],
  cities: ['districtId'],
  checkboxes: [],
  'required-files': ['requiredIn', 'isRequired'],
  'otp-tokens': [],
  users: ['userType', 'wardId', 'gender'],
  roles: [],
  permissions: [],
} as const satisfies Record<SetupResource, readonly string[]>;

export const updateDropdownSchema = z.object({
  field: reqText(40),
  value: z
    .union([z.string(), z.number(), z.boolean()])
    .optional()
    .nullable()
    .transform((v) => (v == null ? '' : String(v))),
});

/** `delete_rows[]`: the ids to soft-delete (at most 500). */
export const deleteRowsSchema = z.object({
  delete_rows: z.preprocess(
    (v) => (v == null ? v : Array.isArray(v) ? v : [v]),
    z.array(reqId(), { error: MSG.required }).min(1, MSG.required).max(500, MSG.range),
  ),
});

// ---------------------------------------------------------------- rows (API answers)

const ts = z.string();
const tsNull = z.string().nullable();
const common = {
  id: z.number().int(),
  status: z.number().int(),
  createdAt: ts,
  updatedAt: ts,
};
const txt = z.string();
const txtNull = z.string().nullable();

export const wardRowSchema = z.object({
  ...common,
  cityId: z.number().int(),
  number: z.number().int(),
  nameEn: txt,
  nameNe: txt,
  chairNameEn: txtNull,
  chairNameNe: txtNull,
  secretaryNameEn: txtNull,
  secretaryNameNe: txtNull,
  addressEn: txtNull,
  addressNe: txtNull,
  phone: txtNull,
});
export const businessTypeRowSchema = z.object({ ...common, slug: txt, nameEn: txt, nameNe: txt });
export const fiscalYearRowSchema = z.object({
  ...common,
  code: txt,
  slug: txt,
  nameNe: txt,
  startDate: txt,
  endDate: txt,
  isCurrent: z.boolean(),
});
/** Amounts in paisa; with the business type's and fiscal year's names for the list. */
export const taxSetupRowSchema = z.object({
  ...common,
  businessTypeId: z.number().int(),
  fiscalYearId: z.number().int(),
  minCapital: z.number().int(),
  maxCapital: z.number().int(),
  taxAmount: z.number().int(),
  renewAmount: z.number().int(),
  renewFine: z.number().int(),
  renewDiscount: z.number().int(),
  amendmentFee: z.number().int(),
  closureFee: z.number().int(),
  duplicateFee: z.number().int(),
  businessTypeNameEn: txtNull,
  businessTypeNameNe: txtNull,
  fiscalYearCode: txtNull,
});
export const stateRowSchema = z.object({
  ...common,
  nameEn: txt,
  nameNe: txt,
  headquarterEn: txtNull,
  headquarterNe: txtNull,
});
export const districtRowSchema = stateRowSchema.extend({
  stateId: z.number().int(),
  stateNameEn: txtNull,
  stateNameNe: txtNull,
});
export const cityRowSchema = z.object({
  ...common,
  districtId: z.number().int(),
  nameEn: txt,
  nameNe: txt,
  categoryEn: txt,
  categoryNe: txt,
  wardCount: z.number().int(),
  districtNameEn: txtNull,
  districtNameNe: txtNull,
  stateId: z.number().int().nullable(),
});
export const checkboxRowSchema = z.object({ ...common, nameEn: txt, nameNe: txt });
export const requiredFileRowSchema = z.object({
  ...common,
  slug: txt,
  nameEn: txt,
  nameNe: txt,
  requiredIn: z.enum(REQUIRED_IN),
  isRequired: z.boolean(),
});
/** OTP log row: the phone masked ('98*****678'), never the code. */
export const otpTokenRowSchema = z.object({
  ...common,
  phone: txt,
  purpose: txt,
  expiresAt: ts,
  usedAt: tsNull,
  attempts: z.number().int(),
  deliveryStatus: txt,
});
/** Never the password hash. */
export const userRowSchema = z.object({
  ...common,
  name: txt,
  username: txt,
  phone: txt,
  email: txtNull,
  gender: z.enum(['male', 'female']),
  userType: z.enum(USER_TYPES),
  wardId: z.number().int().nullable(),
  wardNumber: z.number().int().nullable(),
  photoFileId: z.number().int().nullable(),
  citizenshipFileId: z.number().int().nullable(),
  lang: txt,
  phoneVerifiedAt: tsNull,
  lockedUntil: tsNull,
});
export const roleRowSchema = z.object({
  ...common,
  slug: txt,
  nameEn: txt,
  nameNe: txt,
  permissionIds: z.array(z.number().int()),
});
export const permissionRowSchema = z.object({
  ...common,
  slug: txt,
  nameEn: txt,
  nameNe: txt,
  groupName: txt,
});

export const RESOURCE_ROWS = {
  wards: wardRowSchema,
  'business-types': businessTypeRowSchema,
  'fiscal-years': fiscalYearRowSchema,
  'tax-setups': taxSetupRowSchema,
  states: stateRowSchema,
  districts: districtRowSchema,
  cities: cityRowSchema,
  checkboxes: checkboxRowSchema,
  'required-files': requiredFileRowSchema,
  'otp-tokens': otpTokenRowSchema,
  users: userRowSchema,
  roles: roleRowSchema,
  permissions: permissionRowSchema,
} as const satisfies Record<SetupResource, z.ZodType>;

export type ResourceRow<R extends SetupResource> = z.infer<(typeof RESOURCE_ROWS)[R]>;

/** `{data: {deleted, notDeleted}}` of `POST /api/{r}/delete`. */
export const deleteResultSchema = z.object({
  deleted: z.array(z.number().int()),
  notDeleted: z.array(z.number().int()),
});
