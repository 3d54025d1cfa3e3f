/**
 * The BS calendar screen and API (issue 16 §6): the years of the month table as conversions use
 * them, and a system administrator's correction of a provisional year. The correction's rules
 * are those `setMonthLengthOverrides` (bs-date.ts) enforces — 12 integers 29..32 adding up to
 * 365 or 366, for a year the table marks provisional — so the API refuses with 422 field errors
 * what conversions would refuse with a RangeError.
 */
import { z } from 'zod';
import { BS_CALENDAR, type BsCalendarSource } from '../bs-calendar-data.js';
import { optText } from './fields.js';

/** Translation keys of the correction's field errors (src/shared/i18n). */
export const CALENDAR_MSG = {
  monthLength: 'validation.monthLength',
  yearLength: 'validation.yearLength',
  published: 'calendar.errors.published',
} as const;

/** The shortest and longest BS month, in days. */
export const MIN_MONTH_DAYS = 29;
export const MAX_MONTH_DAYS = 32;

/** True when a year of 12 months of these lengths is a possible BS year (365 or 366 days). */
export function isValidYearTotal(total: number): boolean {
  return total === 365 || total === 366;
}

/**
 * True when an administrator may correct the year: it is in the table and the table marks it
 * provisional (no authoritative published calendar). A correction that says "published"
 * (provisional: false) does not make the year uncorrectable: only the table decides.
 */
export function isCorrectableBsYear(year: number): boolean {
  const first = BS_CALENDAR[0].year;
  return Number.isInteger(year) && !!BS_CALENDAR[year - first]?.provisional;
}

/** The table's own entry of a year (no correction), or undefined outside the table. */
export function tableBsYear(year: number) {
  return Number.isInteger(year) ? BS_CALENDAR[year - BS_CALENDAR[0].year] : undefined;
}

/** A month's days: a number from JSON, or a form's string (Devanagari digits are not expected). */
const monthLength = z.coerce
  .number({ error: CALENDAR_MSG.monthLength })
  .int(CALENDAR_MSG.monthLength)
  .min(MIN_MONTH_DAYS, CALENDAR_MSG.monthLength)
  .max(MAX_MONTH_DAYS, CALENDAR_MSG.monthLength);

/** A boolean from JSON, or 'true' / 'false' from a form. */
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1'),
]);

/**
 * PUT /api/calendar/{year}: Baishakh … Chaitra, whether the year stays provisional (false when
 * these are the published calendar's months) and a note (where the lengths come from).
 */
export const calendarCorrectionSchema = z
  .object({
    monthLengths: z
      .array(monthLength, { error: CALENDAR_MSG.yearLength })
      .length(12, CALENDAR_MSG.yearLength),
    provisional: flag.default(true),
    note: optText(500),
  })
  .superRefine((v, ctx) => {
    const total = v.monthLengths.reduce((a, b) => a + b, 0);
    if (!isValidYearTotal(total)) {
      ctx.addIssue({ code: 'custom', path: ['monthLengths'], message: CALENDAR_MSG.yearLength });
    }
  });
export type CalendarCorrectionInput = z.input<typeof calendarCorrectionSchema>;
export type CalendarCorrection = z.output<typeof calendarCorrectionSchema>;

const sources = ['published', 'projected'] as const satisfies readonly BsCalendarSource[];

/** A stored correction as GET /api/calendar shows it (who made it is in the audit log). */
export const calendarCorrectionViewSchema = z.object({
  months: z.array(z.number()),
  provisional: z.boolean(),
  note: z.string().nullable(),
  /** ISO timestamp */
  updatedAt: z.string(),
});

/** One year of GET /api/calendar. */
export const calendarYearViewSchema = z.object({
  year: z.number(),
  /** Baishakh … Chaitra as conversions use them now (the correction when it applies). */
  months: z.array(z.number()),
  /** The table's own lengths (bs-calendar-data.ts). */
  tableMonths: z.array(z.number()),
  source: z.enum(sources),
  /** Dates in the year may still move: no published calendar (and no correction saying so). */
  provisional: z.boolean(),
  /** The table marks the year provisional, so it may be corrected. */
  correctable: z.boolean(),
  /**
   * The stored correction, if any. One for a year that is no longer correctable (a release
   * published the year's calendar since) is shown but not used.
   */
  correction: calendarCorrectionViewSchema.nullable(),
});
export type CalendarYearView = z.infer<typeof calendarYearViewSchema>;

/** GET /api/calendar (and the answer of a correction or its removal). */
export const calendarViewSchema = z.object({ years: z.array(calendarYearViewSchema) });
export type CalendarView = z.infer<typeof calendarViewSchema>;
