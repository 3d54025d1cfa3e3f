/**
 * The application form's values and their checks (see ApplicationForm.tsx): the fields by
 * group, the empty form, the strings sent to the server (`toWire`), and validation with the
 * shared application schema (loaded when first used, ./formSchema.ts) plus the checks only the
 * form can make (`validate`).
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { bsToAd, parseBs } from '../../../shared/bs-date.js';
import { ungroupNumber } from '../../../shared/numbers.js';
import {
  DOC_FIELD_PREFIX,
  MAX_OWNERS,
  PROFILE_DOCUMENT_SLUGS,
  RENT_REQUIRED,
  RENT_FIELDS,
} from '../../../shared/schemas/application-rules.js';
import { loadApplicationSchemas, type ApplicationSchemas } from './formSchema';
import type { RequiredFile } from '../registrations';

export const BASE_FIELDS = [
  'businessName',
  'ownerName',
  'fatherOrHusbandName',
  'businessTypeId',
  'firmName',
  'description',
  'permStateId',
  'permDistrictId',
  'permCityId',
  'permWardNo',
  'permTole',
  'permChowk',
  'wardId',
  'locAddress',
  'locTole',
  'locMobile',
  'capitalMax',
  'capitalCurrent',
  'capitalPaidUp',
  'cardLength',
  'cardWidth',
  'otherRegNo',
  'otherRegOffice',
  'applicantName',
  'applicantAddress',
  'applicantContact',
] as const;
/** The rent group's fields: the shared schema's list, so form and rule cannot drift. */
export { RENT_FIELDS };
export const LAND_FIELDS = [
  'landCurrentCity',
  'landWardNo',
  'landPreviousVdc',
  'landSeatNo',
  'landKittaNo',
  'landArea',
] as const;
export const OLD_REG_FIELDS = ['oldRegistrationNo', 'oldRegistrationDate'] as const;
/** Typed as BS text, sent as AD. */
const DATE_FIELDS: readonly string[] = ['rentStartDate', 'oldRegistrationDate'];
export const TEXT_FIELDS = [
  ...BASE_FIELDS,
  ...RENT_FIELDS,
  ...LAND_FIELDS,
  ...OLD_REG_FIELDS,
] as const;
export const SELECT_FIELDS = [
  'businessTypeId',
  'permStateId',
  'permDistrictId',
  'permCityId',
  'permWardNo',
  'wardId',
  'rentTaxPeriodMonths',
  'rentPurpose',
] as const;
const OWNER_FIELDS = ['name', 'fatherOrHusbandName', 'citizenshipNo'] as const;

export type TextField = (typeof TEXT_FIELDS)[number];
export type OwnerRow = Record<(typeof OWNER_FIELDS)[number], string>;
export type Kind = 'single' | 'multiple';

/**
 * What the form holds: raw strings as typed (dates in BS), switches, owners, and files: the
 * required files by slug (sent as `doc_<slug>`) and the old certificate scan.
 */
export type ApplicationFormValues = Record<TextField, string> & {
  hasRent: boolean;
  hasLand: boolean;
  isOldRegistration: boolean;
  owners: OwnerRow[];
  docs: Record<string, File | null>;
  oldCertificate: File | null;
};

export const emptyOwner = (): OwnerRow => ({
  name: '',
  fatherOrHusbandName: '',
  citizenshipNo: '',
});

export function emptyValues(kind: Kind): ApplicationFormValues {
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<TextField, string>),
    docs: {},
    oldCertificate: null,
    hasRent: false,
    hasLand: false,
    isOldRegistration: false,
    owners: kind === 'multiple' ? [emptyOwner(), emptyOwner()] : [],
  };
}

export type Mode = 'create' | 'edit';

/** The multipart field of a required file. */
export const docField = (slug: string) => `${DOC_FIELD_PREFIX}${slug}`;

/** A file input of the documents group: which file, and whether it must be chosen now. */
export interface DocSpec {
  file: RequiredFile;
  required: boolean;
}

/**
 * The required files this form offers (the server's documents.ts checkDocuments). Create:
 * requiredIn create|both. Edit: every file, so that any document can be replaced while an
 * application is fixed (issue 17 §3); compulsory only when required on update|both and not
 * already on the application (`existingKinds`). The profile's documents
 * (PROFILE_DOCUMENT_SLUGS) are never offered: every application uses the profile's.
 */
export function docSpecs(
  files: readonly RequiredFile[],
  mode: Mode,
  existingKinds: readonly string[] = [],
): DocSpec[] {
  const compulsoryIn = mode === 'create' ? ['create', 'both'] : ['update', 'both'];
  return files
    .filter((f) => !PROFILE_DOCUMENT_SLUGS.includes(f.slug))
    .filter((f) => mode === 'edit' || compulsoryIn.includes(f.requiredIn))
    .map((file) => ({
      file,
      required:
        file.isRequired &&
        compulsoryIn.includes(file.requiredIn) &&
        (mode === 'create' || !existingKinds.includes(file.slug)),
    }));
}

/** What validation needs besides the values: the documents asked for. */
export interface FileRules {
  docs: DocSpec[];
  /** The old certificate scan must be chosen (old registration without a stored scan). */
  oldCertificateRequired: boolean;
}

/** Field names the server may name in a 422 answer. */
export const SERVER_FIELDS: readonly string[] = [
  ...TEXT_FIELDS,
  'oldCertificate',
  'owners',
  'isOldRegistration',
  ...Array.from({ length: MAX_OWNERS }, (_, i) =>
    OWNER_FIELDS.map((k) => `owners.${i}.${k}`),
  ).flat(),
];

/** BS text → AD; '' stays '', an unreadable date is sent as typed (and refused). */
function bsTextToAd(s: string): string {
  const text = s.trim();
  if (!text) return '';
  const bs = parseBs(text);
  if (!bs) return text;
  try {
    return bsToAd(bs);
  } catch {
    return text;
  }
}

/**
 * The strings sent for these values. On create empty fields are left out; on edit every
 * field is sent (empty clears it), the whole form like the setup dialogs.
 */
export function toWire(v: ApplicationFormValues, kind: Kind, mode: Mode): Record<string, string> {
  const out: Record<string, string> = { kind };
  const put = (k: string, raw: string, on: boolean) => {
    const s = on ? (DATE_FIELDS.includes(k) ? bsTextToAd(raw) : raw.trim()) : '';
    if (s !== '' || mode === 'edit') out[k] = s;
  };
  for (const k of BASE_FIELDS) put(k, v[k], true);
  for (const k of RENT_FIELDS) put(k, v[k], v.hasRent);
  for (const k of LAND_FIELDS) put(k, v[k], v.hasLand);
  out.isOldRegistration = v.isOldRegistration ? '1' : '0';
  for (const k of OLD_REG_FIELDS) put(k, v[k], v.isOldRegistration);
  if (kind === 'multiple') {
    const owners = v.owners.map((o) => ({
      name: o.name.trim(),
      fatherOrHusbandName: o.fatherOrHusbandName.trim(),
      ...(o.citizenshipNo.trim() ? { citizenshipNo: o.citizenshipNo.trim() } : {}),
    }));
    out.owners = JSON.stringify(owners);
    // The first owner is the application's owner of record.
    out.ownerName = owners[0]?.name ?? '';
    out.fatherOrHusbandName = owners[0]?.fatherOrHusbandName ?? '';
  }
  return out;
}

/** The shared schema of the server's route for this mode. */
const schemaFor = (schemas: ApplicationSchemas, mode: Mode) =>
  mode === 'edit' ? schemas.applicationUpdateSchema : schemas.applicationCreateSchema;

type Errors = Record<string, { type: string; message: string }>;

/** Where a schema issue goes in the form (owners' rows and the owner of record). */
function formPath(path: PropertyKey[], kind: Kind): string {
  const [head, i, k] = path.map(String);
  if (head === 'owners') return i !== undefined && k !== undefined ? `owners.${i}.${k}` : 'owners';
  if (kind === 'multiple' && head === 'ownerName') return 'owners.0.name';
  if (kind === 'multiple' && head === 'fatherOrHusbandName') return 'owners.0.fatherOrHusbandName';
  return head ?? 'root';
}

/**
 * Validates the wire strings with the shared schema (`schemas`, from loadApplicationSchemas),
 * plus the checks only the form can make: the errors by form path, message keys as messages.
 */
export function validate(
  schemas: ApplicationSchemas,
  v: ApplicationFormValues,
  kind: Kind,
  mode: Mode,
  files: FileRules = { docs: [], oldCertificateRequired: false },
): Errors {
  const errors: Errors = {};
  const add = (path: string, message: string) => {
    if (!errors[path]) errors[path] = { type: 'validate', message };
  };
  // Dates: the schema sees AD; a BS text that does not read as a date is reported as typed.
  for (const k of DATE_FIELDS) {
    const on = k === 'rentStartDate' ? v.hasRent : v.isOldRegistration;
    const s = v[k as TextField].trim();
    if (on && s && !parseBs(s)) add(k, 'validation.date');
  }
  if (kind === 'multiple') {
    v.owners.forEach((o, i) => {
      if (!o.name.trim()) add(`owners.${i}.name`, 'validation.required');
      if (!o.fatherOrHusbandName.trim())
        add(`owners.${i}.fatherOrHusbandName`, 'validation.required');
    });
    if (v.owners.length > MAX_OWNERS) add('owners', 'validation.maxOwners');
  } else {
    // The schema checks these across fields, which zod runs only once every field reads;
    // checked here, a step reports them in the same pass as the rest (issue 17 §2).
    if (!v.ownerName.trim()) add('ownerName', 'validation.required');
    if (!v.fatherOrHusbandName.trim()) add('fatherOrHusbandName', 'validation.required');
  }
  if (v.isOldRegistration) {
    if (!v.oldRegistrationNo.trim()) add('oldRegistrationNo', 'validation.required');
    if (!v.oldRegistrationDate.trim()) add('oldRegistrationDate', 'validation.required');
  }
  const [paidUp, current, max] = [v.capitalPaidUp, v.capitalCurrent, v.capitalMax].map((x) =>
    x.trim() ? Number(ungroupNumber(x)) : NaN,
  );
  if ([paidUp, current, max].every(Number.isFinite) && !(paidUp <= current && current <= max)) {
    add('capitalCurrent', 'validation.capitalOrder');
  }
  const wire: Record<string, unknown> = { ...toWire(v, kind, mode) };
  const parsed = schemaFor(schemas, mode).safeParse(wire);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      add(formPath(issue.path, kind), issue.message);
    }
  }
  for (const d of files.docs) {
    if (d.required && !v.docs[d.file.slug]) add(`docs.${d.file.slug}`, 'validation.required');
  }
  if (v.isOldRegistration && files.oldCertificateRequired && !v.oldCertificate) {
    add('oldCertificate', 'validation.required');
  }
  // Rent information is one group: once any of it is given, these are needed. The shared
  // schema checks it only once every field reads; saying it at once spares a second round.
  if (v.hasRent && RENT_FIELDS.some((k) => v[k].trim())) {
    for (const k of RENT_REQUIRED) if (!v[k].trim()) add(k, 'validation.required');
  }
  return errors;
}

export function makeResolver(
  kind: Kind,
  mode: Mode,
  rules: () => FileRules,
): Resolver<ApplicationFormValues> {
  return async (values) => {
    const flat = validate(await loadApplicationSchemas(), values, kind, mode, rules());
    if (!Object.keys(flat).length) return { values, errors: {} };
    // react-hook-form wants nested errors for owners.N.field.
    const errors: Record<string, unknown> = {};
    for (const [path, e] of Object.entries(flat)) {
      const parts = path.split('.');
      let node = errors;
      parts.slice(0, -1).forEach((p, idx) => {
        const next = parts[idx + 1];
        node[p] ??= /^\d+$/.test(next) ? [] : {};
        node = node[p] as Record<string, unknown>;
      });
      node[parts[parts.length - 1]] = e;
    }
    return { values: {}, errors: errors as FieldErrors<ApplicationFormValues> };
  };
}
