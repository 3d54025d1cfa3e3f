/**
 * Numbers an application receives: the submission number at intake and the registration
 * number at approval.
 *
 * - Submission number `<fiscal year slug>-<id, 6 digits>` (e.g. `2082-83-000145`): unique
 *   because the id is; the row is inserted with a provisional `tmp-<uuid>` first, since the id
 *   is only known after the insert.
 * - Registration number `<serial>/<fiscal year slug>` (e.g. `145/2082-83`, DESIGN.md §4):
 *   gapless per fiscal year, skipping numbers old paper registrations already hold. The counter row is incremented inside the approving
 *   transaction, so a failed approval rolls its serial back and leaves no gap; concurrent
 *   approvals queue on the counter row.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { applications, registrationCounters } from '../../db/schema.js';

/** A unique placeholder for the submission number until the row's id is known. */
export function provisionalSubmissionNo(): string {
  return `tmp-${randomUUID()}`;
}

/** Gives application `id` (inserted with a provisional number) its submission number. */
export async function assignSubmissionNo(
  tx: Tx,
  fiscalYearSlug: string,
  id: number,
): Promise<string> {
  const submissionNo = `${fiscalYearSlug}-${String(id).padStart(6, '0')}`;
  await tx.update(applications).set({ submissionNo }).where(eq(applications.id, id));
  return submissionNo;
}

/**
 * The next registration number of fiscal year `fy`, taken inside the caller's transaction. An
 * old paper registration accepted with a number in this year's form (`3/2083-84`, entered at a
 * mid-year go-live) already holds its serial: the counter moves past every number that is
 * taken, so it never hands out a number twice and the year's numbers stay gapless.
 */
export async function nextRegistrationNo(
  tx: Tx,
  fy: { id: number; slug: string },
): Promise<{ registrationNo: string; serial: number }> {
  for (;;) {
    const [counter] = await tx
      .insert(registrationCounters)
      .values({ fiscalYearId: fy.id, lastSerial: 1 })
      .onConflictDoUpdate({
        target: registrationCounters.fiscalYearId,
        set: { lastSerial: sql`${registrationCounters.lastSerial} + 1` },
      })
      .returning({ serial: registrationCounters.lastSerial });
    const registrationNo = `${counter.serial}/${fy.slug}`;
    const [taken] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.registrationNo, registrationNo))
      .limit(1);
    if (!taken) return { registrationNo, serial: counter.serial };
  }
}
