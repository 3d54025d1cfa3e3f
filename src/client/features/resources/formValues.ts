/**
 * The form dialog's values, from and to the API (no React here, so it is easy to test):
 * - a record (paisa, AD dates, numbers, booleans) becomes what the form shows (rupees, BS
 *   dates in the user's digits, strings);
 * - the form's values become the request (SPEC §7 multipart): strings as typed (the shared
 *   schemas take Devanagari digits and rupees), BS dates as AD, booleans as 1/0, id lists as
 *   `name[]`, files only when one was chosen;
 * - the resolver checks the request with the resource's shared zod schema in raw mode (the
 *   server converts, the client only validates), or with a check built from the fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z, type ZodType } from 'zod';
import { adToBs, bsToAd, formatBs, parseBs } from '../../../shared/bs-date.js';
import { toNepaliDigits } from '../../../shared/format.js';
import type { Lang } from '../../../shared/i18n/langs.js';
import { MSG } from '../../../shared/schemas/fields.js';
import type { FieldDef, FormValue, FormValues, ResourceConfig, ResourceRow } from './types';

export type Mode = 'create' | 'edit';

/** Fields shown for these values (e.g. the ward only for a ward admin). */
export function visibleFields(fields: readonly FieldDef[], values: FormValues): FieldDef[] {
  return fields.filter((fd) => !fd.visibleWhen || fd.visibleWhen(values));
}

export function isRequired(fd: FieldDef, mode: Mode): boolean {
  return fd.required === true || (fd.required === 'create' && mode === 'create');
}

function emptyValue(fd: FieldDef): FormValue {
  if (fd.initial !== undefined) return fd.initial;
  switch (fd.kind) {
    case 'switch':
      return false;
    case 'file':
      return null;
    case 'multiselect':
      return [];
    default:
      return '';
  }
}

/** Values of a new record: each field's `initial`, else empty (switches off). */
export function emptyValues(fields: readonly FieldDef[]): FormValues {
  return Object.fromEntries(fields.map((fd) => [fd.name, emptyValue(fd)]));
}

/** Paisa → rupees as the form shows them: 150000 → '1500', 150050 → '1500.50'. */
export function paisaToRupees(paisa: unknown): string {
  const n = Number(paisa);
  if (paisa == null || paisa === '' || !Number.isFinite(n)) return '';
  const rupees = Math.trunc(n / 100);
  const rest = Math.abs(n % 100);
  return rest ? `${rupees}.${String(rest).padStart(2, '0')}` : String(rupees);
}

/** AD 'YYYY-MM-DD' → BS 'YYYY-MM-DD' in the language's digits ('' when empty or unknown). */
export function adToBsText(ad: unknown, lang: Lang): string {
  if (typeof ad !== 'string' || !ad) return '';
  try {
    return formatBs(adToBs(ad.slice(0, 10)), lang);
  } catch {
    return '';
  }
}

/** Numbers are shown in the language's digits (the shared schemas accept both). */
const digits = (s: string, lang: Lang) => (lang === 'ne' ? toNepaliDigits(s) : s);

/**
 * What the form shows for a fetched record, numbers and dates in the language's digits.
 * Virtual fields take the record's value when it has one, else they are derived later.
 */
export function recordToValues(
  fields: readonly FieldDef[],
  record: ResourceRow,
  lang: Lang,
): FormValues {
  const values: FormValues = {};
  for (const fd of fields) {
    const v = record[fd.name];
    switch (fd.kind) {
      case 'switch':
        values[fd.name] = v === true || v === 1 || v === '1' || v === 'true';
        break;
      case 'file':
        values[fd.name] = null;
        break;
      case 'password':
        values[fd.name] = '';
        break;
      case 'multiselect':
        values[fd.name] = Array.isArray(v) ? v.map(String) : [];
        break;
      case 'rupees':
        values[fd.name] = digits(paisaToRupees(v), lang);
        break;
      case 'number':
      case 'phone':
        values[fd.name] = v == null ? '' : digits(String(v), lang);
        break;
      case 'bsDate':
        values[fd.name] = adToBsText(v, lang);
        break;
      default:
        values[fd.name] = v == null ? '' : String(v);
    }
  }
  return values;
}

/** A request field: a string, an id list (`name[]`) or a file. */
export type PayloadValue = string | string[] | File;
export type Payload = Record<string, PayloadValue>;

/**
 * The request for these form values: only visible, non-virtual fields. An empty password on
 * edit keeps the current one; an untouched file input keeps the current file. A BS date that
 * is not a real date is reported in `errors` (catalogue keys) and left out.
 */
export function toPayload(
  fields: readonly FieldDef[],
  values: FormValues,
  mode: Mode,
): { payload: Payload; errors: Record<string, string> } {
  const payload: Payload = {};
  const errors: Record<string, string> = {};
  for (const fd of visibleFields(fields, values)) {
    if (fd.virtual) continue;
    const v = values[fd.name];
    switch (fd.kind) {
      case 'switch':
        payload[fd.name] = v ? '1' : '0';
        break;
      case 'file':
        if (v instanceof File) payload[fd.name] = v;
        break;
      case 'multiselect':
        payload[fd.name] = Array.isArray(v) ? v : [];
        break;
      case 'password':
        if (typeof v === 'string' && (v !== '' || mode === 'create')) payload[fd.name] = v;
        break;
      case 'bsDate': {
        const text = typeof v === 'string' ? v.trim() : '';
        if (!text) {
          payload[fd.name] = '';
          break;
        }
        const bs = parseBs(text);
        if (bs) payload[fd.name] = bsToAd(bs);
        else errors[fd.name] = MSG.date;
        break;
      }
      default:
        payload[fd.name] = typeof v === 'string' ? v.trim() : '';
    }
  }
  return { payload, errors };
}

/** Multipart body (SPEC §7): id lists repeat `name[]`, files as files. */
export function payloadToFormData(payload: Payload): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(payload)) {
    if (Array.isArray(v)) v.forEach((x) => fd.append(`${k}[]`, x));
    else fd.append(k, v);
  }
  return fd;
}

/**
 * A check made from the field list, for resources whose shared schema is not given: required
 * fields filled ('This filed is required'), numbers numeric ('This filed should be numbe
 * only'), e-mails well formed, lengths bounded.
 */
export function fieldsSchema(fields: readonly FieldDef[], mode: Mode): ZodType {
  const shape: Record<string, ZodType> = {};
  for (const fd of fields) {
    if (fd.virtual) continue;
    const required = isRequired(fd, mode);
    if (fd.kind === 'file') {
      shape[fd.name] = required ? z.instanceof(File, { error: MSG.required }) : z.any();
      continue;
    }
    if (fd.kind === 'multiselect') {
      shape[fd.name] = z.array(z.string()).optional();
      continue;
    }
    if (fd.kind === 'switch') {
      shape[fd.name] = z.string().optional();
      continue;
    }
    const max = fd.kind === 'textarea' ? 2000 : 200;
    const numeric =
      fd.kind === 'number'
        ? /^[0-9०-९]+$/
        : fd.kind === 'rupees'
          ? /^[0-9०-९]+([.][0-9०-९]{1,2})?$/
          : null;
    shape[fd.name] = z
      .string()
      .optional()
      .superRefine((raw, ctx) => {
        const v = (raw ?? '').trim();
        const problem =
          !v && required
            ? MSG.required
            : !v
              ? null
              : numeric && !numeric.test(v)
                ? MSG.numeric
                : v.length > max
                  ? MSG.tooLong
                  : fd.kind === 'email' && !z.email().safeParse(v).success
                    ? MSG.email
                    : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      });
  }
  return z.object(shape);
}

/** The schema that checks a request: the shared one when the config has it. */
export function schemaFor(config: ResourceConfig, mode: Mode, values: FormValues): ZodType {
  const shared =
    mode === 'create' ? config.schema?.create : (config.schema?.update ?? config.schema?.create);
  return shared ?? fieldsSchema(visibleFields(config.fields ?? [], values), mode);
}

/**
 * The dialog's resolver: builds the request from the values (BS → AD etc.), validates it
 * with zodResolver in raw mode, and reports errors on the fields the user sees.
 */
export function makeResolver(config: ResourceConfig, mode: Mode): Resolver<FormValues> {
  return async (values, context, options) => {
    const fields = config.fields ?? [];
    const { payload, errors: dateErrors } = toPayload(fields, values, mode);
    const schema = schemaFor(config, mode, values);
    const resolve = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<
      Record<string, unknown>
    >;
    const result = await resolve(payload, context, options as never);
    const shown = new Set(visibleFields(fields, values).map((fd) => fd.name));
    const errors: FieldErrors<FormValues> = {};
    for (const [k, e] of Object.entries(result.errors ?? {})) {
      if (shown.has(k) && e) errors[k] = e as FieldErrors<FormValues>[string];
    }
    for (const [k, message] of Object.entries(dateErrors)) {
      errors[k] = { type: 'date', message };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}
