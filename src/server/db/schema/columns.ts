/**
 * Shared column helpers of the Drizzle schema (SPEC §3 "Other entities"): `ts` for instants
 * (`timestamptz`), `money` for integer paisa (NPR × 100, DESIGN.md §5), `adDate` for AD calendar
 * dates (shown as BS at the edge), `live` for the partial-index predicate of rows not
 * soft-deleted, and `common`, the id / status / created / updated / deleted columns every generic
 * resource carries.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, serial, smallint, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => bigint(name, { mode: 'number' });
export const adDate = (name: string) => date(name, { mode: 'string' });
/** Unique among rows that are not soft-deleted, so a deleted slug or name can be used again. */
export const live = sql`deleted_on is null`;

/** Columns every generic resource carries. */
export const common = {
  id: serial('id').primaryKey(),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedOn: ts('deleted_on'),
};
