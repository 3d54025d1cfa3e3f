/**
 * Renewal reminders module (issue 19 §5): the periodic job that sends each reminder point once
 * per registration and expiry (job.ts), a staff "remind now" (remind-now.ts) and the applicant's
 * opt-out; routes.ts, registered by app.ts. It owns the table `renewal_reminders` and the
 * column `users.renewal_reminders`.
 */
export { remindersOf, runRenewalReminders, type ReminderRound } from './job.js';
export { remindNow, type RemindOutcome } from './remind-now.js';
