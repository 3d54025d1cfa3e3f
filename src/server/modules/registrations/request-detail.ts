/**
 * What the detail page shows of the requests about a registration (issue 19), as correlated
 * json subqueries of the detail statement (detail.ts, still one statement): a request's
 * registration (`subject`); a registration's requests in progress and the log of the duplicate
 * certificates issued for it; and what the actor may ask for next (`canRequest`).
 */
import { sql } from 'drizzle-orm';
import type { RegistrationRequest } from '../../../shared/lifecycle.js';
import { hasAnyPermission } from '../../../shared/permissions.js';
import type { Actor, AppRow } from './access.js';
import { requestBlockOf } from './requests.js';

/** A request's registration, as the detail page links and names it. */
export interface SubjectRow {
  id: number;
  registrationNo: string | null;
  businessName: string;
  expiryDate: string | null;
  appStatus: string;
}

/** One duplicate certificate issued for a registration (issue 19 §3: the log). */
export interface DuplicateLogRow {
  certificateId: number;
  issuedAt: string;
  requestId: number | null;
  submissionNo: string | null;
  reason: string | null;
  details: string | null;
}

/** The permission each request needs (permissions.ts; routes in request-routes.ts). */
export const REQUEST_PERMISSION: Record<RegistrationRequest, string> = {
  amendment: 'amend-applications',
  closure: 'close-applications',
  duplicate: 'duplicate-certificates',
};

/** The json subqueries, correlated to the outer `applications` row. */
export function requestRelated() {
  const app = sql.raw('"applications"');
  return {
    subject: sql<SubjectRow | null>`(select json_build_object('id', s.id,
        'registrationNo', s.registration_no, 'businessName', s.business_name,
        'expiryDate', s.expiry_date, 'appStatus', s.app_status)
      from applications s where s.id = ${app}.subject_id)`,
    openRequests: sql<Partial<Record<RegistrationRequest, number>> | null>`(select
        json_object_agg(o.service, o.id) from applications o
      where o.subject_id = ${app}.id and o.deleted_on is null
        and o.app_status in ('pending', 'verified', 'paid', 'rejected'))`,
    duplicates: sql<DuplicateLogRow[]>`(select coalesce(json_agg(json_build_object(
        'certificateId', c.id, 'issuedAt', c.issued_at, 'requestId', r.id,
        'submissionNo', r.submission_no, 'reason', r.service_data ->> 'reason',
        'details', r.service_data ->> 'details') order by c.id), '[]'::json)
      from certificates c left join applications r on r.id = c.request_id
      where c.application_id = ${app}.id and c.kind = 'duplicate')`,
  };
}

/**
 * The requests `actor` may file about `a` now: an approved registration, with the request's
 * permission, and none of that kind already in progress.
 */
export function canRequest(
  actor: Actor,
  a: Pick<AppRow, 'service' | 'appStatus' | 'registrationNo' | 'userId'>,
  open: Partial<Record<RegistrationRequest, number>> | null,
): RegistrationRequest[] {
  if (requestBlockOf(a)) return [];
  return (Object.keys(REQUEST_PERMISSION) as RegistrationRequest[]).filter(
    (r) =>
      hasAnyPermission(actor.permissions, [REQUEST_PERMISSION[r]]) &&
      !open?.[r] &&
      (actor.userType !== 'user' || a.userId === actor.id),
  );
}
