/**
 * The public register (issue 19 §6): anyone, without signing in, searches the registered
 * businesses by name (English or Devanagari) or registration number and sees only public facts.
 *
 * Which rows: registrations (not renewal requests), not deleted, with a registration number,
 * approved or closed; pending, rejected, cancelled (terminated) and renewal rows never appear.
 * Matching is the lists' `q` machinery (lib/search.ts): each spelling of `q` as a
 * case-insensitive substring of the business name, the registration number or an old paper
 * registration's number, served by the trigram indexes of migration 0015 (the partial indexes
 * over live rows: the WHERE has `deleted_on is null`). Order: relevance (exact number, name
 * equal, prefix, word prefix, other), then name, then id; pages of PUBLIC_REGISTER_PAGE_SIZE,
 * at most PUBLIC_REGISTER_MAX_PAGE deep (the offset is bounded, so a page costs at most 200
 * matching rows ranked).
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import {
  PUBLIC_REGISTER_PAGE_SIZE,
  type PublicRegisterItem,
  type PublicRegisterQuery,
  type PublicRegisterResponse,
  type PublicRegisterStatus,
} from '../../../shared/schemas/reports.js';
import type { Db } from '../../db/client.js';
import { applications, businessTypes, wards } from '../../db/schema.js';
import { relevanceRank, searchCondition, searchText, searchVariants } from '../../lib/search.js';

/** The application statuses the public register shows ('closed' by a closure, issue 19 §2). */
const LISTED = ['approved', 'closed'];

/**
 * What the public sees of a registration's status: closed, expired (valid until before
 * `today`, both AD) or registered; null for any other status (never shown).
 */
export function publicStatus(
  appStatus: string,
  expiryDate: string | null,
  today: string,
): PublicRegisterStatus | null {
  if (appStatus === 'closed') return 'closed';
  if (appStatus !== 'approved') return null;
  return expiryDate && expiryDate < today ? 'expired' : 'registered';
}

/** One page of the public register for `q` (already validated: trimmed, 3–100 characters). */
export async function searchPublicRegister(
  db: Db,
  query: PublicRegisterQuery,
  today = todayAd(),
): Promise<PublicRegisterResponse> {
  const variants = searchVariants(searchText(query.q));
  const rows = await db
    .select({
      businessName: applications.businessName,
      registrationNo: applications.registrationNo,
      appStatus: sql<string>`${applications.appStatus}`,
      expiryDate: applications.expiryDate,
      typeEn: businessTypes.nameEn,
      typeNe: businessTypes.nameNe,
      wardNumber: wards.number,
      wardEn: wards.nameEn,
      wardNe: wards.nameNe,
    })
    .from(applications)
    .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .where(
      and(
        isNull(applications.deletedOn),
        eq(applications.isRenewal, false),
        isNotNull(applications.registrationNo),
        sql`${applications.appStatus} in (${sql.join(
          LISTED.map((s) => sql`${s}`),
          sql`, `,
        )})`,
        searchCondition(
          [applications.businessName, applications.registrationNo, applications.oldRegistrationNo],
          variants,
        ),
      ),
    )
    .orderBy(
      relevanceRank(
        {
          numbers: [applications.registrationNo, applications.oldRegistrationNo],
          names: [applications.businessName],
        },
        variants,
      ),
      asc(applications.businessName),
      asc(applications.id),
    )
    .limit(PUBLIC_REGISTER_PAGE_SIZE + 1)
    .offset((query.page - 1) * PUBLIC_REGISTER_PAGE_SIZE);
  const items: PublicRegisterItem[] = [];
  for (const r of rows.slice(0, PUBLIC_REGISTER_PAGE_SIZE)) {
    const status = publicStatus(r.appStatus, r.expiryDate, today);
    if (!status || !r.registrationNo) continue;
    items.push({
      businessName: r.businessName,
      registrationNo: r.registrationNo,
      businessType: { nameEn: r.typeEn, nameNe: r.typeNe },
      ward: { number: r.wardNumber, nameEn: r.wardEn, nameNe: r.wardNe },
      status,
      validUntil: r.expiryDate,
    });
  }
  return {
    data: items,
    meta: {
      page: query.page,
      pageSize: PUBLIC_REGISTER_PAGE_SIZE,
      hasMore: rows.length > PUBLIC_REGISTER_PAGE_SIZE,
    },
  };
}
