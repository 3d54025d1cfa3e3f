/**
 * The palika's identity as SQL expressions, for the documents' own single statements
 * (certificates/view.ts, billing/receipts.ts): each is a subselect of the one `settings` row
 * `palika` (primary key), so a document reads the settings fresh in the statement it already
 * runs. A name not set falls back to the palika's local level and its category (the `cities`
 * row the statement joins), as the settings screen shows it.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import { DEFAULT_RENEWAL_WINDOW_DAYS } from '../../../shared/schemas/settings.js';

/** A text field of the `palika` setting, or null when not set. */
export function palikaSetting(field: string): SQL<string | null> {
  return sql<
    string | null
  >`(select nullif(s.value->>${field}, '') from settings s where s.key = 'palika')`;
}

/**
 * What a document's header needs, as select fields: the palika's names (en, ne), its office's
 * address and contact ('' when not set) and the emblem's version (null: the default emblem).
 * @param city the `cities` table (or an alias of it) the statement joins as the palika
 */
export function palikaHeaderColumns(city: {
  nameEn: Column;
  nameNe: Column;
  categoryEn: Column;
  categoryNe: Column;
}) {
  return {
    nameEn: sql<string>`coalesce(${palikaSetting('nameEn')}, ${city.nameEn} || ' ' || ${city.categoryEn}, '')`,
    nameNe: sql<string>`coalesce(${palikaSetting('nameNe')}, ${city.nameNe} || ' ' || ${city.categoryNe}, '')`,
    addressEn: sql<string>`coalesce(${palikaSetting('addressEn')}, '')`,
    addressNe: sql<string>`coalesce(${palikaSetting('addressNe')}, '')`,
    phone: sql<string>`coalesce(${palikaSetting('phone')}, '')`,
    email: sql<string>`coalesce(${palikaSetting('email')}, '')`,
    emblemVersion: sql<
      string | null
    >`(select s.value->'emblem'->>'version' from settings s where s.key = 'palika')`,
  };
}

/** The header fields as read by `palikaHeaderColumns`. */
export interface PalikaHeaderRow {
  nameEn: string;
  nameNe: string;
  addressEn: string;
  addressNe: string;
  phone: string;
  email: string;
  emblemVersion: string | null;
}

/**
 * The renewal window in days (setting `renewal`.windowDays, else DEFAULT_RENEWAL_WINDOW_DAYS),
 * as an integer SQL expression for statements that filter on it (the renewals list).
 */
export const renewalWindowSql: SQL<number> = sql<number>`coalesce((select (s.value->>'windowDays')::int from settings s where s.key = 'renewal'), ${sql.raw(String(DEFAULT_RENEWAL_WINDOW_DAYS))})`;
