/**
 * A walk-in applicant's applications as the counter lists them (issue 19 §4): so a ward admin
 * can open one, print its slip, or file an amendment, closure or duplicate about a registration
 * on the applicant's behalf. Scoped like every application read (lib/scope.ts): a ward admin
 * sees only those of their ward.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CounterApplication } from '../../../shared/schemas/counter.js';
import type { Db } from '../../db/client.js';
import { applications } from '../../db/schema.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from './access.js';
import { canRequest, requestRelated } from './request-detail.js';

/** At most this many, newest first: a counter page, not an archive (the list has the rest). */
export const COUNTER_APPLICATIONS_MAX = 50;

/**
 * Applicant `userId`'s live applications that `actor` may see, newest first, each with the
 * requests `actor` may file about it now (canRequest). One statement.
 */
export async function counterApplications(
  db: Db,
  actor: Actor,
  userId: number,
): Promise<CounterApplication[]> {
  const rows = await db
    .select({
      id: applications.id,
      service: applications.service,
      submissionNo: applications.submissionNo,
      registrationNo: applications.registrationNo,
      businessName: applications.businessName,
      appStatus: applications.appStatus,
      expiryDate: applications.expiryDate,
      userId: applications.userId,
      openRequests: requestRelated().openRequests,
    })
    .from(applications)
    .where(and(eq(applications.userId, userId), isNull(applications.deletedOn), scopeOf(actor)))
    .orderBy(desc(applications.id))
    .limit(COUNTER_APPLICATIONS_MAX);
  return rows.map(({ appStatus, userId: owner, openRequests, ...r }) => ({
    ...r,
    status: appStatus,
    canRequest: canRequest(actor, { ...r, appStatus, userId: owner }, openRequests),
  }));
}
