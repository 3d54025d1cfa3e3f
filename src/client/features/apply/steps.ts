/**
 * The application form's steps (issue 17 §2): which fields each step holds, in page order,
 * so that a step is validated on its own (one pass, `stepErrors`), the error summary lists
 * its problems in the order of the page, and an error the server names is shown on its step
 * (`stepOf`). The last step, "check your answers", holds no field of its own.
 */
import { RENT_FIELDS } from '../../../shared/schemas/application-rules.js';
import { LAND_FIELDS } from './formModel';

export const STEPS = ['business', 'owners', 'addresses', 'capital', 'documents', 'check'] as const;
export type Step = (typeof STEPS)[number];

/** The fields of each step, in the order they appear; owners.N.* and docs.* by prefix. */
export const FIELDS: Record<Step, readonly string[]> = {
  business: [
    'businessName',
    'businessTypeId',
    'firmName',
    'description',
    'otherRegNo',
    'otherRegOffice',
    'isOldRegistration',
    'oldRegistrationNo',
    'oldRegistrationDate',
  ],
  owners: [
    'ownerName',
    'fatherOrHusbandName',
    'owners',
    'applicantName',
    'applicantAddress',
    'applicantContact',
  ],
  addresses: [
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
  ],
  capital: [
    'capitalMax',
    'capitalCurrent',
    'capitalPaidUp',
    'cardLength',
    'cardWidth',
    'hasRent',
    ...RENT_FIELDS,
    'hasLand',
    ...LAND_FIELDS,
  ],
  documents: ['docs', 'oldCertificate'],
  check: [],
};

/** The field a path belongs to: `owners.1.name` → `owners`, `docs.lalpurja` → `docs`. */
const headOf = (path: string) => path.split('.')[0];

/** The step that shows `path` (a form path or a server field such as `doc_<slug>`). */
export function stepOf(path: string): Step {
  const head = path.startsWith('doc_') ? 'docs' : headOf(path);
  return STEPS.find((s) => FIELDS[s].includes(head)) ?? 'check';
}

/** Page order of a path inside its step (owners by row, then by field). */
function rank(path: string): number {
  const [head, i, k] = path.split('.');
  const base = FIELDS[stepOf(path)].indexOf(head) * 1000;
  if (head !== 'owners' || i === undefined) return base;
  return base + Number(i) * 10 + ['name', 'fatherOrHusbandName', 'citizenshipNo'].indexOf(k) + 1;
}

/** The paths of `errors` that belong to `step`, in page order. */
export function pathsOfStep(errors: Record<string, unknown>, step: Step): string[] {
  return Object.keys(errors)
    .filter((p) => stepOf(p) === step)
    .sort((a, b) => rank(a) - rank(b));
}

/** The first step (in order) that holds one of `paths`, or undefined. */
export function firstStepOf(paths: readonly string[]): Step | undefined {
  return STEPS.find((s) => paths.some((p) => stepOf(p) === s));
}

/** The step named in the URL (`?step=owners`), or the first. */
export function parseStep(s: string | null, fallback: Step = 'business'): Step {
  return (STEPS as readonly string[]).includes(s ?? '') ? (s as Step) : fallback;
}

/**
 * Flattens react-hook-form's nested errors to `path → message`:
 * `{owners: [{name: {message}}]}` → `{'owners.0.name': message}`.
 */
export function flattenErrors(errors: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return out;
  const e = errors as Record<string, unknown>;
  if (typeof e.message === 'string' && prefix) {
    out[prefix] = e.message;
    // `owners` may carry its own message beside the rows' errors
  }
  for (const [k, v] of Object.entries(e)) {
    if (['message', 'type', 'ref', 'types', 'root'].includes(k)) continue;
    if (v && typeof v === 'object')
      Object.assign(out, flattenErrors(v, prefix ? `${prefix}.${k}` : k));
  }
  return out;
}
