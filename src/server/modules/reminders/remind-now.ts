/**
 * A staff member's "remind now" (issue 19 §5) from the list of registrations due for renewal:
 * the renewal reminder of each chosen registration queued at once, through the outbox, in the
 * applicant's language, audited (`renewal.remind`).
 *
 * Rules: every registration must be one the actor sees (lib/scope.ts: a ward admin their ward;
 * else 404, nothing sent) and due for renewal as the list shows it (remindable, with the expiry
 * past or within the renewal window; else 409 `reminders.errors.notDue`, nothing sent). An
 * applicant who turned reminders off gets none (`optedOut`). One "remind now" per registration
 * per day: a second one the same day, or two staff at once, sends nothing more
 * (`alreadyToday`); the unique index renewal_reminders_now_uq decides.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import type { RemindOutcome } from '../../../shared/schemas/reminders.js';
import type { Db } from '../../db/client.js';
import { applications, renewalReminders, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { scopeOf, type Actor } from '../../lib/scope.js';
import type { Notifier } from '../notifications/index.js';
import { renewalWindowSql } from '../settings/index.js';
import { queueReminder, remindable } from './job.js';

export type { RemindOutcome };

/**
 * Queues the reminder of registrations `ids` now (see the file's comment for the rules).
 * @param today AD, Nepal's date (today by default)
 */
export async function remindNow(
  db: Db,
  notifier: Notifier | null,
  actor: Actor,
  req: { ids: number[]; ip: string; today?: string },
): Promise<RemindOutcome> {
  if (!notifier) throw AppError.conflict();
  const today = req.today ?? todayAd();
  const ids = [...new Set(req.ids)];
  const rows = await db
    .select({
      id: applications.id,
      expiryDate: applications.expiryDate,
      due: sql<boolean>`(${and(...remindable())})
        and ${applications.expiryDate} <= ${today}::date + ${renewalWindowSql}`,
      remindersOn: users.renewalReminders,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(and(inArray(applications.id, ids), isNull(applications.deletedOn), scopeOf(actor)));
  const live = rows.filter((r) => r.expiryDate !== null);
  if (rows.length !== ids.length) throw AppError.notFound();
  if (live.length !== rows.length || rows.some((r) => !r.due))
    throw AppError.conflict('reminders.errors.notDue');
  const out: RemindOutcome = { sent: [], optedOut: [], alreadyToday: [] };
  await db.transaction(async (tx) => {
    for (const r of rows.sort((a, b) => a.id - b.id)) {
      if (!r.remindersOn) {
        out.optedOut.push(r.id);
        continue;
      }
      const [row] = await tx
        .insert(renewalReminders)
        .values({ applicationId: r.id, expiryDate: r.expiryDate!, sentOn: today, sentBy: actor.id })
        .onConflictDoNothing()
        .returning({ id: renewalReminders.id });
      if (!row) {
        out.alreadyToday.push(r.id);
        continue;
      }
      const smsId = await queueReminder(tx, notifier, {
        reminderId: row.id,
        applicationId: r.id,
        expiryDate: r.expiryDate!,
        today,
      });
      await audit(tx, {
        userId: actor.id,
        action: 'renewal.remind',
        entity: 'applications',
        entityId: r.id,
        data: { expiryDate: r.expiryDate, outboxId: smsId },
        ip: req.ip,
      });
      out.sent.push(r.id);
    }
  });
  return out;
}
