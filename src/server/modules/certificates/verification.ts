/**
 * The public certificate check `/verify/{code}` (issue 7 §2), with no login: only what the
 * certificate shows publicly.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import type { Db } from '../../db/client.js';
import { applications, certificates, fiscalYears, wards } from '../../db/schema.js';
import { verifyCode } from './issue.js';

/**
 * A code whose HMAC does not match its certificate (forged or altered) or that names no
 * certificate is `{genuine: false}`. Status: revoked (revoked, or the registration
 * terminated), closed (the business closed, issue 19 §2), superseded (a newer version after an
 * amendment, or a duplicate, replaced it: issue 19), renewed (a newer certificate of a renewal
 * replaced this one), expired (valid-until before
 * today), else valid. One statement. A revoked certificate carries when and why (issue 17 §5):
 * its own revocation, else the termination of its registration (the latest 'terminate' history
 * entry); null where not known.
 */
export async function publicVerification(db: Db, signingKey: string, code: string) {
  const m = /^([0-9A-Z]{1,8})-([0-9A-F]{10})$/.exec(code.trim().toUpperCase());
  const certId = m ? parseInt(m[1], 36) : NaN;
  if (!m || !Number.isSafeInteger(certId) || certId > 2_147_483_647)
    return { genuine: false as const };
  const [row] = await db
    .select({
      c: certificates,
      a: applications,
      w: wards,
      fy: fiscalYears,
      newer: sql<'issue' | 'amendment' | 'duplicate' | null>`(select n.kind from certificates n
        where n.application_id = ${certificates.applicationId} and n.id > ${certificates.id}
        order by (n.kind = 'issue') limit 1)`,
      terminated: sql<{ at: string; remarks: string | null } | null>`(select
        json_build_object('at', h.created_at, 'remarks', h.remarks) from application_history h
        where h.application_id = ${applications.id} and h.action = 'terminate'
        order by h.id desc limit 1)`,
    })
    .from(certificates)
    .innerJoin(applications, eq(applications.id, certificates.applicationId))
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .innerJoin(fiscalYears, eq(fiscalYears.id, certificates.fiscalYearId))
    .where(eq(certificates.id, certId));
  const expected = row ? verifyCode(signingKey, row.c.id, row.c.registrationNo) : '';
  const a = Buffer.from(expected);
  const b = Buffer.from(code.trim().toUpperCase());
  if (!row || a.length !== b.length || !timingSafeEqual(a, b)) return { genuine: false as const };
  const revoked = !!row.c.revokedAt || row.a.appStatus === 'cancelled';
  const status: 'revoked' | 'closed' | 'superseded' | 'renewed' | 'expired' | 'valid' = revoked
    ? 'revoked'
    : row.a.appStatus === 'closed'
      ? 'closed'
      : row.newer === 'amendment' || row.newer === 'duplicate'
        ? 'superseded'
        : row.newer
          ? 'renewed'
          : row.c.validUntil < todayAd()
            ? 'expired'
            : 'valid';
  return {
    genuine: true as const,
    status,
    businessName: row.a.businessName,
    registrationNo: row.c.registrationNo,
    ward: { number: row.w.number, nameEn: row.w.nameEn, nameNe: row.w.nameNe },
    fiscalYear: { en: row.fy.code, ne: row.fy.nameNe },
    validUntil: row.c.validUntil,
    issuedAt: row.c.issuedAt.toISOString(),
    /** issue 19: a duplicate (प्रतिलिपि) or a new version after an amendment */
    kind: row.c.kind,
    closedOn: row.a.closedOn,
    ...revocation(row.c, revoked ? row.terminated : null),
  };
}

/** When and why a revoked certificate stopped being valid: its revocation, else the termination. */
function revocation(
  c: { revokedAt: Date | null; revokeReason: string | null },
  terminated: { at: string; remarks: string | null } | null,
) {
  if (c.revokedAt) return { revokedAt: c.revokedAt.toISOString(), revokeReason: c.revokeReason };
  if (!terminated) return { revokedAt: null, revokeReason: c.revokeReason };
  // json_build_object gives the timestamptz as text ('2026-11-25T12:00:00.123+00:00')
  const at = new Date(terminated.at);
  return {
    revokedAt: Number.isNaN(at.getTime()) ? null : at.toISOString(),
    revokeReason: c.revokeReason ?? terminated.remarks,
  };
}
