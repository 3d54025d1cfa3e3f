/**
 * Drizzle schema: every entity of SPEC §3, split by domain under `./schema/` and re-exported
 * here so that imports of `db/schema.js` (and drizzle-kit, see drizzle.config.ts) see one module.
 * Conventions (SPEC §3 "Other entities"): `id` serial, `status` 1 = active / 0 = inactive, soft
 * delete through `deleted_on`. Money columns are integer paisa (NPR × 100, DESIGN.md §5);
 * calendar dates are AD `date` columns (shown as BS at the edge); instants are `timestamptz`.
 * The shared column helpers are in `./schema/columns.ts`.
 */
export * from './schema/accounts.js';
export * from './schema/setup.js';
export * from './schema/registrations.js';
export * from './schema/billing.js';
export * from './schema/certificates.js';
export * from './schema/ops.js';
export * from './schema/calendar.js';
export * from './schema/reminders.js';
