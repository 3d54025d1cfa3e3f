/**
 * Drizzle schema, the BS calendar (issue 16 §6): a system administrator's corrections of
 * provisional years' month lengths. The table of every year is code (src/shared/
 * bs-calendar-data.ts); a row here overrides one provisional year's 12 lengths at run time
 * (src/server/modules/calendar).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './accounts.js';

/** One corrected BS year: Baishakh … Chaitra, 29..32 days each, 365 or 366 in all. */
export const bsCalendarCorrections = pgTable(
  'bs_calendar_corrections',
  {
    year: smallint('year').primaryKey(),
    /** 12 integers, Baishakh … Chaitra */
    monthLengths: jsonb('month_lengths').$type<number[]>().notNull(),
    /** false when the lengths are the published calendar's: dates in the year stop being marked */
    provisional: boolean('provisional').notNull().default(true),
    note: text('note'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'bs_calendar_corrections_months_ck',
      sql`jsonb_typeof(${t.monthLengths}) = 'array' and jsonb_array_length(${t.monthLengths}) = 12`,
    ),
  ],
);
