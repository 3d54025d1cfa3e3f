/**
 * Field builders shared by forms and routes. Values arrive as form-data strings (SPEC §7:
 * multipart/form-data), so each builder takes a string and yields the typed value.
 * Messages are translation keys (src/shared/i18n), rendered in the user's language by the
 * client and by the server's error handler. SPEC §5 fixes the texts of `validation.required`
 * and `validation.numeric`.
 */
import { z } from 'zod';
import { toLatinDigits } from '../format.js';

export const MSG = {
  required: 'validation.required',
  numeric: 'validation.numeric',
  tooLong: 'validation.tooLong',
  mobile: 'validation.mobile',
  email: 'validation.email',
  password: 'validation.password',
  passwordMatch: 'validation.passwordMatch',
  username: 'validation.username',
  date: 'validation.date',
  futureDate: 'validation.futureDate',
  choice: 'validation.choice',
  range: 'validation.range',
  capitalOrder: 'validation.capitalOrder',
  file: 'validation.file',
} as const;

/**
 * The message of a refused choice (a select, a radio group): SPEC §5's required text when
 * nothing was chosen (missing, null or ''), 'Choose a valid option' only for a value that is
 * not one of the options (issue 17: an empty required select said the latter).
 */
export const choiceError = (issue: { input?: unknown }): string =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? MSG.required
    : MSG.choice;

/** Accepts Devanagari digits too (Nepali keyboards), then trims. */
const digitsLatin = z.string({ error: MSG.required }).transform((s) => toLatinDigits(s).trim());

/** Required text, 1..max characters. */
export const reqText = (max = 200) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, MSG.tooLong);

/** Optional text: '' and missing become null. */
export const optText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, MSG.tooLong)
    .optional()
    .nullable()
    .transform((s) => (s ? s : null));

/** Required non-negative whole number ("This filed should be numbe only" otherwise). */
export const reqInt = (min = 0, max = 1_000_000) =>
  digitsLatin
    .pipe(z.string().min(1, MSG.required).regex(/^\d+$/, MSG.numeric))
    .transform(Number)
    .pipe(z.number().int().min(min, MSG.range).max(max, MSG.range));

/** Optional non-negative whole number; '' becomes null. */
export const optInt = (min = 0, max = 1_000_000) =>
  z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s == null ? '' : toLatinDigits(s).trim()))
    .pipe(z.string().regex(/^\d*$/, MSG.numeric))
    .transform((s) => (s === '' ? null : Number(s)))
    .pipe(z.number().int().min(min, MSG.range).max(max, MSG.range).nullable());

/** Required id chosen from a dropdown (positive integer). */
export const reqId = () =>
  z
    .union([z.string(), z.number()], { error: MSG.required })
    .transform((v) => toLatinDigits(String(v)).trim())
    .pipe(
      z
        .string()
        .min(1, MSG.required)
        .regex(/^[1-9]\d*$/, MSG.choice),
    )
    .transform(Number);

/** Up to 100 crore rupees (10^9 NPR). */
const MAX_RUPEES = 1_000_000_000;

/** Rupees with up to 2 decimals → integer paisa (DESIGN.md §5). */
export const rupeesToPaisa = () =>
  digitsLatin
    .pipe(
      z
        .string()
        .min(1, MSG.required)
        .regex(/^\d+(\.\d{1,2})?$/, MSG.numeric),
    )
    .transform((s) => Math.round(Number(s) * 100))
    .pipe(
      z
        .number()
        .int()
        .min(0)
        .max(MAX_RUPEES * 100, MSG.range),
    );

/** Nepali mobile number: 10 digits starting 97 or 98 (NTA numbering plan). */
export const mobile = () =>
  digitsLatin.pipe(
    z
      .string()
      .min(1, MSG.required)
      .regex(/^9[78]\d{8}$/, MSG.mobile),
  );

/**
 * True when 'YYYY-MM-DD' is a day that exists on the AD calendar.
 * `Date.parse` alone accepts 2024-02-30 (it rolls over to 1 March), so the day is rebuilt and
 * compared. Days outside the BS table (2000–2090 BS) are allowed: they are stored and shown
 * as AD, and setup data (e.g. test fiscal years far ahead) may need them.
 */
export function isRealAdDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** AD calendar date 'YYYY-MM-DD' (the client converts the BS picker's value). */
export const adDate = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.date)
    .refine(isRealAdDate, MSG.date);

/** A file from a form: a browser File on the client, an UploadedFile on the server. */
export const fileField = () =>
  z.custom<{ name?: string; filename?: string; size?: number }>(
    (v) => v != null && typeof v === 'object' && !(typeof v === 'string'),
    MSG.required,
  );

export const optFileField = () => fileField().optional().nullable();

/** An optional email address, lower-cased; '' or missing becomes null. */
export const optEmail = () =>
  z
    .string()
    .trim()
    .max(200, MSG.tooLong)
    .optional()
    .nullable()
    .transform((s) => (s ? s.toLowerCase() : null))
    .pipe(z.email(MSG.email).nullable());

/** A login name: 3 to 40 letters, digits, dots or underscores, starting with a letter. */
export const username = () =>
  reqText(40).pipe(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_.]{2,39}$/, MSG.username));
