/**
 * The palika's settings (issue 17 §6): its name in English and Nepali, emblem, office address
 * and contact, the administrative cost, the rent-tax rate and the renewal window. One schema
 * drives the settings form, PUT /api/settings and its OpenAPI entry; the views are what
 * GET /api/settings (system administrators) and GET /api/settings/public (the login page) answer.
 *
 * Stored in the `settings` key/value table: `palika` {cityId, nameEn, nameNe, addressEn,
 * addressNe, phone, email, emblem}, `fees` {adminCost (paisa), rentTaxRatePercent} (read by the
 * fee engine, src/shared/fees.ts) and `renewal` {windowDays, reminderDaysBefore,
 * reminderDaysAfter} (the renewal reminders' points, issue 19 §5).
 */
import { z } from 'zod';
import { toLatinDigits } from '../format.js';
import { MSG, reqText, rupeesToPaisa } from './fields.js';

/** Translation keys of the settings' own field errors (src/shared/i18n, section `settings`). */
export const SETTINGS_MSG = {
  phone: 'settings.errors.phone',
  rate: 'settings.errors.rate',
  windowDays: 'settings.errors.windowDays',
  reminderDays: 'settings.errors.reminderDays',
  emblemType: 'settings.errors.emblemType',
  emblemTooLarge: 'settings.errors.emblemTooLarge',
} as const;

/** The largest emblem image accepted (bytes): 1 MiB; larger is refused with 413. */
export const MAX_EMBLEM_BYTES = 1024 * 1024;
/** The emblem image types accepted (recognised from the bytes, not the name). */
export const EMBLEM_TYPES = ['image/png', 'image/jpeg'] as const;

/** Days before a registration expires from which it may be renewed, when nothing is stored. */
export const DEFAULT_RENEWAL_WINDOW_DAYS = 30;
/** The longest renewal window an administrator may set (a year). */
export const MAX_RENEWAL_WINDOW_DAYS = 365;

/** Renewal reminders' days before the expiry when nothing is stored (issue 19 §5). */
export const DEFAULT_REMINDER_DAYS_BEFORE = [30, 7];
/** Renewal reminders' days after the expiry when nothing is stored. */
export const DEFAULT_REMINDER_DAYS_AFTER = [7, 30];
/** At most this many reminder points on each side of the expiry. */
export const MAX_REMINDER_POINTS = 5;
/** The furthest a reminder point may lie from the expiry (days). */
export const MAX_REMINDER_DAYS = 365;

/** A number from JSON or a form's string (Devanagari digits accepted), trimmed. */
const numberText = z.union([z.number().transform(String), z.string()], { error: MSG.required });

/** Optional text; missing becomes ''. */
const text = (max: number) => z.string().trim().max(max, MSG.tooLong).optional().default('');

/** An office telephone: digits, spaces, '+', '-', '/', '(' and ')'; '' when none. */
const phone = z
  .string()
  .optional()
  .default('')
  .transform((s) => toLatinDigits(s).trim())
  .pipe(
    z
      .string()
      .max(40, MSG.tooLong)
      .regex(/^([+(]?\d[\d\s()/+-]{4,}\d)?$/, SETTINGS_MSG.phone),
  );

/** An email address, lower-cased; '' when none. */
const email = z
  .string()
  .trim()
  .max(200, MSG.tooLong)
  .optional()
  .default('')
  .transform((s) => s.toLowerCase())
  .pipe(z.union([z.literal(''), z.email(MSG.email)]));

/** A percent 0..100 with at most two decimals (the fee engine's rule, src/shared/fees.ts). */
const ratePercent = numberText
  .transform((s) => toLatinDigits(s).trim())
  .pipe(
    z
      .string()
      .min(1, MSG.required)
      .regex(/^\d+(\.\d{1,2})?$/, SETTINGS_MSG.rate),
  )
  .transform(Number)
  .pipe(z.number().min(0, SETTINGS_MSG.rate).max(100, SETTINGS_MSG.rate));

/** Whole days 0..MAX_RENEWAL_WINDOW_DAYS. */
const windowDays = numberText
  .transform((s) => toLatinDigits(s).trim())
  .pipe(z.string().min(1, MSG.required).regex(/^\d+$/, SETTINGS_MSG.windowDays))
  .transform(Number)
  .pipe(z.number().int().min(0).max(MAX_RENEWAL_WINDOW_DAYS, SETTINGS_MSG.windowDays));

/**
 * Reminder days: a list typed as "30, 7" (commas, spaces or the Devanagari danda between;
 * Devanagari digits accepted) or a JSON array; '' = none. Whole days 0..MAX_REMINDER_DAYS, at
 * most MAX_REMINDER_POINTS, stored distinct and sorted from the furthest from the expiry.
 */
const reminderDays = z
  .union([z.array(z.union([z.number(), z.string()])).transform((a) => a.join(',')), z.string()], {
    error: SETTINGS_MSG.reminderDays,
  })
  .transform((s, ctx) => {
    const parts = toLatinDigits(s)
      .split(/[\s,;।]+/)
      .filter(Boolean);
    const days = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
    const distinct = [...new Set(days)].sort((x, y) => y - x);
    if (
      days.some((d) => !(d >= 0 && d <= MAX_REMINDER_DAYS)) ||
      distinct.length > MAX_REMINDER_POINTS
    ) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MSG.reminderDays });
      return z.NEVER;
    }
    return distinct;
  });

/** Reminder days as the form shows them: "30, 7". */
export const reminderDaysText = (days: readonly number[]) => days.join(', ');

/**
 * PUT /api/settings and the settings form. The administrative cost is typed in rupees (up to
 * two decimals, Devanagari digits and a JSON number accepted) and becomes integer paisa.
 */
export const settingsInputSchema = z.object({
  nameEn: reqText(120),
  nameNe: reqText(120),
  addressEn: text(200),
  addressNe: text(200),
  phone,
  email,
  adminCost: numberText.pipe(rupeesToPaisa()),
  rentTaxRatePercent: ratePercent,
  renewalWindowDays: windowDays,
  /** renewal reminders this many days before the expiry (issue 19 §5); missing = unchanged */
  reminderDaysBefore: reminderDays.optional(),
  /** and this many days after it */
  reminderDaysAfter: reminderDays.optional(),
});
/** What the form holds (strings, as typed). */
export type SettingsInput = z.input<typeof settingsInputSchema>;
/** What the server stores (adminCost in paisa). */
export type SettingsValues = z.output<typeof settingsInputSchema>;

/** The palika's public identity (GET /api/settings/public): the login page's header. */
export const publicSettingsSchema = z.object({
  nameEn: z.string(),
  nameNe: z.string(),
  addressEn: z.string(),
  addressNe: z.string(),
  phone: z.string(),
  email: z.string(),
  /** a stable URL of the emblem (the default one until an image is uploaded) */
  emblemUrl: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** Every setting, for the settings screen (GET /api/settings). Money in paisa. */
export const settingsViewSchema = publicSettingsSchema.extend({
  adminCost: z.number().int(),
  rentTaxRatePercent: z.number(),
  renewalWindowDays: z.number().int(),
  reminderDaysBefore: z.array(z.number().int()),
  reminderDaysAfter: z.array(z.number().int()),
  /** true when an image was uploaded; false while the app's default emblem is used */
  customEmblem: z.boolean(),
  /** the names used when none are set: the palika's local level and its category */
  defaults: z.object({ nameEn: z.string(), nameNe: z.string() }),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

/** The palika office's address and contact as documents show them (certificate, receipt). */
export const officeSchema = z.object({
  address: z.object({ en: z.string(), ne: z.string() }),
  phone: z.string(),
  email: z.string(),
});
export type Office = z.infer<typeof officeSchema>;

/** The emblem's URL for a version (the stored image's hash prefix, or 'default'). */
export function emblemUrl(version: string | null | undefined): string {
  return `/api/settings/emblem?v=${encodeURIComponent(version || 'default')}`;
}
