/**
 * Settings module (issue 17 §6): the palika's name, emblem, office address and contact, fees and
 * renewal window and reminder days (service.ts), their routes (routes.ts, registered by app.ts), and the SQL the
 * documents' statements use to read the palika's identity fresh (columns.ts). It owns the
 * `settings` rows `palika`, `fees` and `renewal`.
 */
export {
  palikaHeaderColumns,
  palikaSetting,
  renewalWindowSql,
  type PalikaHeaderRow,
} from './columns.js';
export { DEFAULT_EMBLEM_DATA_URI } from './default-emblem.js';
export {
  reminderDays,
  renewalWindowDays,
  SettingsService,
  type EmblemImage,
  type SettingsActor,
} from './service.js';
