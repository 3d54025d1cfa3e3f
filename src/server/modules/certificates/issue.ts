/**
 * Certificates as records: issuing one with its signed verification code (DESIGN.md §4) and
 * revoking one (issue 7 §2). What a certificate shows is view.ts; the public check is
 * verification.ts; its PDF is pdf.ts with templates/certificate.ts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { applicationHistory, applications, certificates } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { scopeOf, type Actor } from '../../lib/scope.js';

/**
 * Short code printed on the certificate: base36 certificate id + 10 hex of
 * HMAC-SHA256(key, "<id>:<registration no>"), so a forged code does not verify.
 */
export function verifyCode(signingKey: string, certificateId: number, registrationNo: string) {
  const mac = createHmac('sha256', signingKey)
    .update(`${certificateId}:${registrationNo}`)
    .digest('hex');
  return `${certificateId.toString(36).toUpperCase()}-${mac.slice(0, 10).toUpperCase()}`;
}

/**
 * A certificate row for registration `registrationNo` of application `applicationId`, valid
 * until `validUntil` (AD), with its signed verification code; inside the caller's transaction.
 * `kind` (issue 19): 'issue' (registration, renewal; the default), 'amendment' (a new version)
 * or 'duplicate' (a copy printed as such).
 */
export async function issueCertificate(
  tx: Tx,
  signingKey: string,
  c: {
    applicationId: number;
    registrationNo: string;
    fiscalYearId: number;
    validUntil: string;
    kind?: 'issue' | 'amendment' | 'duplicate';
    /** the amendment or duplicate request that issues it */
    requestId?: number;
  },
) {
  const [cert] = await tx
    .insert(certificates)
    .values({ ...c, verifyCode: `pending-${randomUUID()}` })
    .returning({ id: certificates.id });
  await tx
    .update(certificates)
    .set({ verifyCode: verifyCode(signingKey, cert.id, c.registrationNo) })
    .where(eq(certificates.id, cert.id));
}

/**
 * Revokes certificate `certId` with a reason (issue 7 §2); the public page shows it at once.
 * 404 when its application is not visible to the actor, 409 when already revoked. Audited,
 * and in the application's history. Returns the application's id.
 */
export async function revokeCertificate(
  db: Db,
  actor: Actor,
  certId: number,
  reason: string,
  ip: string,
): Promise<number> {
  const [found] = await db
    .select({ app: { id: applications.id, appStatus: applications.appStatus } })
    .from(certificates)
    .innerJoin(applications, eq(applications.id, certificates.applicationId))
    .where(and(eq(certificates.id, certId), isNull(applications.deletedOn), scopeOf(actor)));
  if (!found) throw AppError.notFound();
  const { app } = found;
  await db.transaction(async (tx) => {
    const done = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(certificates.id, certId), isNull(certificates.revokedAt)))
      .returning({ id: certificates.id });
    if (!done.length) throw AppError.conflict();
    await tx.insert(applicationHistory).values({
      applicationId: app.id,
      userId: actor.id,
      action: 'revoke-certificate',
      fromStatus: app.appStatus,
      toStatus: app.appStatus,
      remarks: reason,
    });
    await audit(tx, {
      userId: actor.id,
      action: 'certificate.revoke',
      entity: 'certificates',
      entityId: certId,
      data: { reason },
      ip,
    });
  });
  return app.id;
}
