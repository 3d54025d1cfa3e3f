/**
 * Drizzle schema, renewal reminders (issue 19 §5): one row per reminder sent about a
 * registration's expiry. The job's points are unique per (registration, expiry date, point), so
 * two app instances or a re-run never send the same point twice; a staff "remind now" is unique
 * per (registration, day), so a double click or two staff at once send one.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { adDate, ts } from './columns.js';
import { users } from './accounts.js';
import { applications } from './registrations.js';
import { outbox } from './ops.js';

export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    /** the expiry the reminder is about (AD); a renewal moves it, and the points start again */
    expiryDate: adDate('expiry_date').notNull(),
    /**
     * days from the expiry the reminder is for: negative before it (-30 = 30 days before),
     * positive after; null for a staff "remind now"
     */
    point: smallint('point'),
    /** the day it was sent (AD, Nepal) */
    sentOn: adDate('sent_on').notNull(),
    /** the staff member of a "remind now"; null for the job */
    sentBy: integer('sent_by').references(() => users.id),
    /** the SMS in the outbox */
    outboxId: integer('outbox_id').references(() => outbox.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('renewal_reminders_point_uq')
      .on(t.applicationId, t.expiryDate, t.point)
      .where(sql`${t.point} is not null`),
    uniqueIndex('renewal_reminders_now_uq')
      .on(t.applicationId, t.sentOn)
      .where(sql`${t.point} is null`),
    index('renewal_reminders_app_idx').on(t.applicationId, t.createdAt),
  ],
);
