/**
 * The columns of each setup-data list export (issue 7 §4), as data: the same fields, labels
 * (catalogue keys) and kinds as the list page's columns (src/client/features/resources/
 * configs.ts; exportColumns.test.ts in the client project keeps the two in step). The server
 * (modules/resources/export-columns.ts) adds the record status the page shows on every
 * editable list. Values are written the way the list shows them in the chosen language:
 * names in that language, AD dates as BS, paisa as rupees, codes with Devanagari digits in
 * Nepali, enums translated.
 */
import { translate, type Lang } from './i18n/index.js';
import { formatAdAsBsOrAd, toNepaliDigits } from './format.js';
import type { SetupResource } from './schemas/resources.js';

export type ExportKind =
  'text' | 'digits' | 'name' | 'number' | 'money' | 'date' | 'datetime' | 'enum' | 'bool';

/** One exported column: row field (for 'name' the base of `<key>En`/`<key>Ne`), label key. */
export interface ExportColumnSpec {
  key: string;
  label: string;
  kind: ExportKind;
  /** catalogue prefix of an enum's values, e.g. 'requiredIn' → 'requiredIn.both' */
  enumKey?: string;
}

const c = (key: string, label: string, kind: ExportKind, enumKey?: string): ExportColumnSpec => ({
  key,
  label,
  kind,
  ...(enumKey ? { enumKey } : {}),
});
const name = c('name', 'fields.name', 'name');
const slug = c('slug', 'fields.slug', 'text');

export const RESOURCE_EXPORT_COLUMNS: Record<SetupResource, ExportColumnSpec[]> = {
  wards: [
    c('number', 'fields.wardNumber', 'number'),
    name,
    c('chairName', 'fields.chairName', 'name'),
    c('secretaryName', 'fields.secretaryName', 'name'),
    c('phone', 'fields.phone', 'digits'),
  ],
  'business-types': [name, slug],
  'fiscal-years': [
    c('code', 'fields.code', 'digits'),
    c('nameNe', 'fields.fiscalYearName', 'text'),
    c('startDate', 'fields.startDate', 'date'),
    c('endDate', 'fields.endDate', 'date'),
    c('isCurrent', 'staff.fiscalYear.currentColumn', 'bool'),
  ],
  'tax-setups': [
    c('businessTypeName', 'fields.businessTypeId', 'name'),
    c('fiscalYearCode', 'fields.fiscalYearId', 'digits'),
    c('minCapital', 'fields.minCapital', 'money'),
    c('maxCapital', 'fields.maxCapital', 'money'),
    c('taxAmount', 'fields.taxAmount', 'money'),
    c('renewAmount', 'fields.renewAmount', 'money'),
    c('renewFine', 'fields.renewFine', 'money'),
    c('renewDiscount', 'fields.renewDiscount', 'money'),
    c('amendmentFee', 'fields.amendmentFee', 'money'),
    c('closureFee', 'fields.closureFee', 'money'),
    c('duplicateFee', 'fields.duplicateFee', 'money'),
  ],
  states: [name, c('headquarter', 'fields.headquarter', 'name')],
  districts: [
    name,
    c('stateName', 'fields.stateId', 'name'),
    c('headquarter', 'fields.headquarter', 'name'),
  ],
  cities: [
    name,
    c('districtName', 'fields.districtId', 'name'),
    c('category', 'fields.category', 'name'),
    c('wardCount', 'fields.wardCount', 'number'),
  ],
  checkboxes: [name],
  'required-files': [
    name,
    slug,
    c('requiredIn', 'fields.requiredIn', 'enum', 'requiredIn'),
    c('isRequired', 'fields.isRequired', 'bool'),
  ],
  'otp-tokens': [
    c('phone', 'fields.phone', 'digits'),
    c('purpose', 'fields.purpose', 'enum', 'otpPurpose'),
    c('createdAt', 'fields.createdAt', 'datetime'),
    c('expiresAt', 'fields.expiresAt', 'datetime'),
    c('usedAt', 'fields.usedAt', 'datetime'),
    c('attempts', 'fields.attempts', 'number'),
    c('deliveryStatus', 'fields.deliveryStatus', 'enum', 'otpStatus'),
  ],
  users: [
    c('name', 'fields.fullName', 'text'),
    c('username', 'fields.username', 'text'),
    c('phone', 'fields.phone', 'digits'),
    c('email', 'fields.email', 'text'),
    c('userType', 'fields.userType', 'enum', 'roles'),
    c('wardNumber', 'fields.wardId', 'number'),
  ],
  roles: [slug, name],
  permissions: [slug, name, c('groupName', 'fields.groupName', 'text')],
};

type Cell = string | number | null;
type Row = Record<string, unknown>;

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Date and time (HH:mm, Nepal time) of an instant, the date in BS. */
function dateTime(v: unknown, lang: Lang): string {
  const d = new Date(String(v));
  if (Number.isNaN(d.getTime())) return String(v);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kathmandu',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
  const text = `${formatAdAsBsOrAd(d, lang)} ${time}`;
  return lang === 'ne' ? toNepaliDigits(text) : text;
}

/** The cell of one column for `row` in `lang` (null = empty cell). */
export function exportCell(col: ExportColumnSpec, row: Row, lang: Lang): Cell {
  const v = row[col.key];
  switch (col.kind) {
    case 'name': {
      const en = row[`${col.key}En`];
      const ne = row[`${col.key}Ne`];
      const text = lang === 'ne' ? ne || en : en || ne;
      return empty(text) ? null : String(text);
    }
    case 'number':
      return empty(v) ? null : Number(v);
    case 'money':
      // integer paisa → rupees, a number the spreadsheet can add up
      return empty(v) ? null : Number(v) / 100;
    case 'date':
      return empty(v) ? null : formatAdAsBsOrAd(String(v), lang);
    case 'datetime':
      return empty(v) ? null : dateTime(v, lang);
    case 'digits':
      return empty(v) ? null : lang === 'ne' ? toNepaliDigits(String(v)) : String(v);
    case 'enum': {
      if (empty(v)) return null;
      const key = `${col.enumKey}.${String(v)}`;
      const text = translate(lang, key);
      return text === key ? String(v) : text;
    }
    case 'bool':
      return translate(lang, v === true || v === 1 ? 'resource.yes' : 'resource.no');
    default:
      return empty(v) ? null : String(v);
  }
}
