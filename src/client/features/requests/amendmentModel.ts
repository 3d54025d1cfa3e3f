/**
 * The amendment form's values and checks (issue 19 §1): the application form's values
 * (ApplicationFormValues, so its sections and field kit serve here too) filled from the
 * registration, the JSON body of POST /api/applications/{id}/amendment (`amendmentWire`: every
 * amendable section as it should become, in the application form's wire strings), and
 * validation with the shared amendment schema (`validateAmendment`) — the one the route
 * applies — plus "nothing changed" (validation.noChanges, on `form`) before anything is sent.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { adToBs, formatBs, parseBs } from '../../../shared/bs-date.js';
import { AMENDMENT_SECTIONS, amendmentSchema } from '../../../shared/schemas/services.js';
import { emptyValues, RENT_FIELDS, toWire, type ApplicationFormValues, type Kind } from '../apply';
import { kindOf, type ApplicationDetail } from '../registrations';

/** The wire fields of an amendment: every field of every section. */
export const AMENDMENT_FIELDS: readonly string[] = Object.values(AMENDMENT_SECTIONS).flat();

const MONEY = new Set(['capitalMax', 'capitalCurrent', 'capitalPaidUp', 'rentMonthly']);

/** Paisa → rupees as typed in the form. */
const rupees = (p: number) => (p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2));

/** AD → BS text with Latin digits (the form reads either). */
function bsText(ad: string): string {
  try {
    return formatBs(adToBs(ad.slice(0, 10)), 'en-US');
  } catch {
    return ad;
  }
}

function asText(key: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (MONEY.has(key) && typeof v === 'number') return rupees(v);
  if (key === 'rentStartDate' && typeof v === 'string') return bsText(v);
  return String(v);
}

/** The form's values of registration `d`: its amendable sections as they are now. */
export function amendmentValues(d: ApplicationDetail): ApplicationFormValues {
  const kind = kindOf(d);
  const v = emptyValues(kind);
  const rec = d as unknown as Record<string, unknown>;
  for (const k of [
    'businessName',
    'businessTypeId',
    'capitalMax',
    'capitalCurrent',
    'capitalPaidUp',
    'ownerName',
    'fatherOrHusbandName',
    'wardId',
    'locAddress',
    'locTole',
    ...RENT_FIELDS,
  ] as const) {
    v[k] = asText(k, rec[k]);
  }
  if (!v.wardId && d.ward) v.wardId = String(d.ward.id);
  v.hasRent = RENT_FIELDS.some((k) => v[k] !== '');
  if (kind === 'multiple') {
    v.owners = [...(d.owners ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((o) => ({
        name: o.name,
        fatherOrHusbandName: o.fatherOrHusbandName ?? '',
        citizenshipNo: o.citizenshipNo ?? '',
      }));
  }
  return v;
}

/** The body sent: the amendable fields' wire strings (rupees, AD dates, owners as JSON). */
export function amendmentWire(
  v: ApplicationFormValues,
  kind: Kind,
  remarks = '',
): Record<string, string> {
  const wire = toWire(v, kind, 'edit');
  const out: Record<string, string> = { kind };
  for (const k of AMENDMENT_FIELDS) if (k in wire) out[k] = wire[k];
  if (remarks.trim()) out.remarks = remarks.trim();
  return out;
}

type Flat = Record<string, { type: string; message: string }>;

/** Where a schema issue goes in the form (owners' rows, the owner of record). */
function formPath(path: PropertyKey[], kind: Kind): string {
  const [head, i, k] = path.map(String);
  if (head === 'owners') return i !== undefined && k !== undefined ? `owners.${i}.${k}` : 'owners';
  if (kind === 'multiple' && head === 'ownerName') return 'owners.0.name';
  if (kind === 'multiple' && head === 'fatherOrHusbandName') return 'owners.0.fatherOrHusbandName';
  return head ?? 'form';
}

/**
 * The errors of values `v` (flat paths → catalogue keys): the shared amendment schema on the
 * exact body, a BS date that does not read, and `form: validation.noChanges` when the body
 * equals the registration's (`initial`).
 */
export function validateAmendment(
  v: ApplicationFormValues,
  kind: Kind,
  initial: { values: ApplicationFormValues; kind: Kind },
): Flat {
  const errors: Flat = {};
  const add = (path: string, message: string) => {
    errors[path] ??= { type: 'validate', message };
  };
  if (v.hasRent && v.rentStartDate.trim() && !parseBs(v.rentStartDate.trim())) {
    add('rentStartDate', 'validation.date');
  }
  const wire = amendmentWire(v, kind);
  const parsed = amendmentSchema.safeParse(wire);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(formPath(issue.path, kind), issue.message);
  }
  if (
    !Object.keys(errors).length &&
    JSON.stringify(wire) === JSON.stringify(amendmentWire(initial.values, initial.kind))
  ) {
    add('form', 'validation.noChanges');
  }
  return errors;
}

/** react-hook-form's resolver over `validateAmendment` (nested errors for owners.N.field). */
export function amendmentResolver(
  kind: () => Kind,
  initial: { values: ApplicationFormValues; kind: Kind },
): Resolver<ApplicationFormValues> {
  return (values) => {
    const flat = validateAmendment(values, kind(), initial);
    if (!Object.keys(flat).length) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, e] of Object.entries(flat)) {
      const parts = path.split('.');
      let node = errors;
      parts.slice(0, -1).forEach((p, idx) => {
        node[p] ??= /^\d+$/.test(parts[idx + 1]) ? [] : {};
        node = node[p] as Record<string, unknown>;
      });
      node[parts[parts.length - 1]] = e;
    }
    return { values: {}, errors: errors as FieldErrors<ApplicationFormValues> };
  };
}
