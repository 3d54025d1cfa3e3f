/**
 * The renewal reminders job (issue 19 §5): once per period (lib/jobs.ts claimPeriod, so one
 * instance runs each round), every registration whose reminder point is due today
 * (src/shared/reminders.ts duePoint over the palika's reminder days, settings `renewal`) gets
 * one SMS (and an email when the applicant gave one and mail is set up) through the outbox, in
 * the language of the application, with the renew page's link and how to turn reminders off.
 *
 * Who gets one: approved registrations (app_status exactly 'approved', so a closed one gets
 * none), not renewal rows, not deleted, with no renewal in progress (registrations OPEN_RENEWAL),
 * whose applicant has reminders on (users.renewal_reminders) and is not deleted.
 *
 * Exactly once: a `renewal_reminders` row (application, expiry date, point) is inserted with
 * ON CONFLICT DO NOTHING in the transaction that queues the message; only the inserting
 * transaction queues it. A second instance, a re-run or a crash between batches sends nothing
 * twice. Rows are read in id order in batches, each batch one transaction.
 */
import { and, asc, between, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayAd } from '../../../shared/bs-date.js';
import { dueExpiryRange, duePoint, reminderPoints } from '../../../shared/reminders.js';
import type { Db, Tx } from '../../db/client.js';
import { applications, renewalReminders, users } from '../../db/schema.js';
import type { Notifier } from '../notifications/index.js';
import { OPEN_RENEWAL } from '../registrations/index.js';
import { reminderDays } from '../settings/index.js';

/** Registrations read per batch (and per transaction). */
const BATCH = 200;

/** The registrations a reminder may go to (see the file's comment), as WHERE terms. */
export function remindable() {
  const open = alias(applications, 'open_renewal');
  return [
    eq(applications.appStatus, 'approved'),
    eq(applications.isRenewal, false),
    isNull(applications.deletedOn),
    notExists(
      sql`(select 1 from ${applications} ${open} where ${open.renewalOfId} = ${applications.id}
        and ${open.deletedOn} is null
        and ${open.appStatus} in (${sql.join(
          OPEN_RENEWAL.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
    ),
  ];
}

/**
 * "The point due today has no reminder row yet", in SQL: keeps a round that finds everything
 * already sent to index look-ups, not inserts. The point is the latest one reached (as duePoint;
 * its staleness is checked in JS). `points` are integers from the settings, written inline.
 */
function notYetSent(points: readonly number[], today: string) {
  const list = sql.raw(points.map((p) => String(Math.trunc(p))).join(', '));
  return notExists(
    sql`(select 1 from ${renewalReminders} r
      where r.application_id = ${applications.id} and r.expiry_date = ${applications.expiryDate}
        and r.point = (select max(p) from unnest(array[${list}]::int[]) as p
          where p <= ${today}::date - ${applications.expiryDate}))`,
  );
}

/** The link a reminder gives: the renew page of the registration. */
export const renewPath = (id: number) => `/re-new-registration/${id}`;

/**
 * Queues the reminder of one registration inside `tx`, after its `renewal_reminders` row was
 * inserted: the notification kind says whether the expiry has passed. Returns the SMS's id.
 */
export async function queueReminder(
  tx: Tx,
  notifier: Notifier,
  r: { reminderId: number; applicationId: number; expiryDate: string; today: string },
): Promise<number | null> {
  const kind = r.expiryDate < r.today ? 'renewalExpired' : 'renewalDue';
  const smsId = await notifier.toApplicant(tx, r.applicationId, kind, {
    linkPath: renewPath(r.applicationId),
  });
  await tx
    .update(renewalReminders)
    .set({ outboxId: smsId })
    .where(eq(renewalReminders.id, r.reminderId));
  return smsId;
}

/** What a round did: reminders queued, and per point how many. */
export interface ReminderRound {
  sent: number;
  byPoint: Record<string, number>;
}

/**
 * One round of the job: every due point of `today` (AD, Nepal; today's date by default) sent
 * once. Returns how many were queued.
 */
export async function runRenewalReminders(
  db: Db,
  notifier: Notifier,
  opts: { today?: string; batch?: number } = {},
): Promise<ReminderRound> {
  const today = opts.today ?? todayAd();
  const days = await reminderDays(db);
  const points = reminderPoints(days.reminderDaysBefore, days.reminderDaysAfter);
  const range = dueExpiryRange(points, today);
  const round: ReminderRound = { sent: 0, byPoint: {} };
  if (!range) return round;
  let lastId = 0;
  for (;;) {
    const rows = await db
      .select({ id: applications.id, expiryDate: applications.expiryDate })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(
        and(
          gt(applications.id, lastId),
          between(applications.expiryDate, range.from, range.to),
          eq(users.renewalReminders, true),
          isNull(users.deletedOn),
          ...remindable(),
          notYetSent(points, today),
        ),
      )
      .orderBy(asc(applications.id))
      .limit(opts.batch ?? BATCH);
    if (rows.length === 0) break;
    lastId = rows[rows.length - 1].id;
    const due = rows.flatMap((r) => {
      const point = duePoint(points, r.expiryDate!, today);
      return point === null ? [] : [{ applicationId: r.id, expiryDate: r.expiryDate!, point }];
    });
    if (due.length) await sendBatch(db, notifier, due, today, round);
  }
  return round;
}

/** Inserts the batch's reminder rows (ON CONFLICT DO NOTHING) and queues those inserted. */
async function sendBatch(
  db: Db,
  notifier: Notifier,
  due: { applicationId: number; expiryDate: string; point: number }[],
  today: string,
  round: ReminderRound,
) {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(renewalReminders)
      .values(due.map((d) => ({ ...d, sentOn: today })))
      .onConflictDoNothing()
      .returning({
        reminderId: renewalReminders.id,
        applicationId: renewalReminders.applicationId,
        expiryDate: renewalReminders.expiryDate,
        point: renewalReminders.point,
      });
    for (const r of inserted) {
      await queueReminder(tx, notifier, { ...r, today });
      round.sent++;
      round.byPoint[String(r.point)] = (round.byPoint[String(r.point)] ?? 0) + 1;
    }
  });
}

/** The reminder rows of registrations `ids` (tests and the staff list read these). */
export function remindersOf(db: Db, ids: number[]) {
  return db
    .select()
    .from(renewalReminders)
    .where(inArray(renewalReminders.applicationId, ids))
    .orderBy(asc(renewalReminders.id));
}
