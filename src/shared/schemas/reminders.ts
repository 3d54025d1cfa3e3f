/**
 * Renewal reminders (issue 19 §5): the applicant's opt-out (GET and PUT /api/profiles/reminders)
 * and a staff "remind now" (POST /api/applications/reminders). Bodies come as multipart from the
 * app (`ids[]` repeated, booleans as text) or JSON.
 */
import { z } from 'zod';
import { MSG } from './fields.js';

/** At most this many registrations per "remind now". */
export const MAX_REMIND_IDS = 100;

/** A boolean from JSON or a form's text ('true'/'false', '1'/'0', 'on'/'off'). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])], {
    error: MSG.required,
  })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** PUT /api/profiles/reminders: reminders on (true) or off. */
export const reminderPreferenceSchema = z.object({ renewalReminders: flag });
export type ReminderPreference = z.output<typeof reminderPreferenceSchema>;

/** POST /api/applications/reminders: the registrations to remind now (1..MAX_REMIND_IDS). */
export const remindNowSchema = z.object({
  ids: z.preprocess(
    (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number().int().positive().max(2_147_483_647))
      .min(1, MSG.required)
      .max(MAX_REMIND_IDS),
  ),
});

/** What a "remind now" did to each registration (ids). */
export const remindOutcomeSchema = z.object({
  sent: z.array(z.number().int()),
  optedOut: z.array(z.number().int()),
  alreadyToday: z.array(z.number().int()),
});
export type RemindOutcome = z.infer<typeof remindOutcomeSchema>;
