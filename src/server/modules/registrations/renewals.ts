/**
 * Renewal of a registration (SPEC §2 re-new-registration/{id}, issue 4 §5): when it may be
 * renewed, the renewal request (a pending application marked as a renewal, which then follows
 * the usual lifecycle), and on approval the extension of the registration it renews.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import { DEFAULT_RENEWAL_WINDOW_DAYS } from '../../../shared/schemas/settings.js';
import type { Db, Tx } from '../../db/client.js';
import {
  applicationDocuments,
  applicationHistory,
  applications,
  fiscalYears,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';
import type { FileStore, UploadedFile } from '../../lib/storage.js';
import { issueCertificate } from '../certificates/index.js';
import { renewalWindowDays } from '../settings/index.js';
import { visibleApplication, type Actor, type AppRow } from './access.js';
import { extraDoc, fileRows, withStoredDocs } from './documents.js';
import { assignSubmissionNo, provisionalSubmissionNo } from './numbering.js';
import { copyOwners } from './owners.js';
import { registrationDetails } from './requests.js';

/**
 * Days before expiry from which a registration may be renewed when the settings set none
 * (issue 4 §5); the palika's own window is the setting `renewal`.windowDays (issue 17 §6).
 */
export const RENEWAL_WINDOW_DAYS = DEFAULT_RENEWAL_WINDOW_DAYS;
/** Statuses in which a renewal is still in progress (one at a time per registration). */
export const OPEN_RENEWAL = ['pending', 'verified', 'paid', 'rejected'] as const;

/** `ad` plus `days` days, AD 'YYYY-MM-DD' (calendar arithmetic in UTC, no time of day). */
export function addDaysAd(ad: string, days: number): string {
  const t = new Date(`${ad}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (AD dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Why `reg` cannot be renewed today (a translation key for a 409), or null: it must be an
 * approved registration (not a renewal request), expired or expiring within `windowDays` (the
 * palika's renewal window, settings `renewal`), with no renewal already in progress
 * (`hasOpenRenewal`).
 */
export function renewBlockOf(
  reg: Pick<AppRow, 'appStatus' | 'isRenewal' | 'expiryDate'>,
  hasOpenRenewal: boolean,
  windowDays: number = RENEWAL_WINDOW_DAYS,
): string | null {
  if (reg.appStatus === 'closed') return 'errors.registrationClosed';
  if (reg.appStatus !== 'approved' || reg.isRenewal || !reg.expiryDate)
    return 'errors.notRenewable';
  if (reg.expiryDate > addDaysAd(todayAd(), windowDays)) return 'errors.notDueForRenewal';
  return hasOpenRenewal ? 'errors.renewalOpen' : null;
}

/** The renewal of registration `id` still in progress, if any. */
async function openRenewalOf(db: Db | Tx, id: number) {
  const [open] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.renewalOfId, id),
        inArray(applications.appStatus, [...OPEN_RENEWAL]),
        isNull(applications.deletedOn),
      ),
    )
    .limit(1);
  return open ?? null;
}

/**
 * Starts the renewal of registration `id`: a pending application marked as a renewal of it,
 * with the registration's details, owners, photo and citizenship, plus the renew proof and
 * old certificate scans. 404 when not visible; 409 when not renewable (renewBlockOf). A
 * concurrent second renewal hits the open-renewal unique index and is a 409 too.
 */
export async function renew(
  deps: { db: Db; store: FileStore },
  actor: Actor,
  req: {
    id: number;
    uploads: { renewProof: UploadedFile; oldCertificate: UploadedFile };
    remarks: string | null;
    ip: string;
    lang: string;
  },
): Promise<{ id: number; submissionNo: string }> {
  const { db, store } = deps;
  const reg = await visibleApplication(db, actor, req.id);
  const open = !!(await openRenewalOf(db, reg.id));
  const block = renewBlockOf(reg, open, await renewalWindowDays(db));
  if (block) throw AppError.conflict(block);
  const docs = [
    extraDoc('renew-proof', 'renewProof', req.uploads.renewProof),
    extraDoc('old-certificate', 'oldCertificate', req.uploads.oldCertificate),
  ];
  const fy = await currentFiscalYear(db);
  return withStoredDocs(store, docs, (stored) =>
    db.transaction(async (tx) => {
      const [renewProofFileId, oldCertificateFileId] = await fileRows(tx, reg.userId, stored);
      const [app] = await tx
        .insert(applications)
        .values({
          ...registrationDetails(reg),
          appStatus: 'pending',
          service: 'renewal',
          isRenewal: true,
          renewalOfId: reg.id,
          fiscalYearId: fy.id,
          submissionNo: provisionalSubmissionNo(),
          submissionDate: todayAd(),
          renewProofFileId,
          oldCertificateFileId,
          lang: actor.id === reg.userId ? req.lang : reg.lang,
        })
        .onConflictDoNothing()
        .returning({ id: applications.id });
      if (!app) throw AppError.conflict('errors.renewalOpen');
      const submissionNo = await assignSubmissionNo(tx, fy.slug, app.id);
      await copyOwners(tx, reg.id, app.id);
      const carried = await tx
        .select({ kind: applicationDocuments.kind, fileId: applicationDocuments.fileId })
        .from(applicationDocuments)
        .where(
          and(
            eq(applicationDocuments.applicationId, reg.id),
            inArray(applicationDocuments.kind, ['photo', 'citizenship']),
          ),
        );
      await tx
        .insert(applicationDocuments)
        .values([
          ...carried.map((c) => ({ applicationId: app.id, ...c })),
          { applicationId: app.id, kind: 'renew-proof', fileId: renewProofFileId },
          { applicationId: app.id, kind: 'old-certificate', fileId: oldCertificateFileId },
        ]);
      await tx.insert(applicationHistory).values({
        applicationId: app.id,
        userId: actor.id,
        action: 'submit',
        fromStatus: null,
        toStatus: 'pending',
        remarks: req.remarks,
      });
      await audit(tx, {
        userId: actor.id,
        action: 'application.renewal.submit',
        entity: 'applications',
        entityId: app.id,
        data: { renewalOf: reg.id },
        ip: req.ip,
      });
      return { id: app.id, submissionNo };
    }),
  );
}

/**
 * The fiscal year a renewal extends a registration into: the current one, or the next one
 * when the registration is already valid to the current year's end (renewed early, in its
 * last month). 409 NO_FISCAL_YEAR until staff set that year up.
 */
async function renewalFiscalYear(tx: Tx, expiryDate: string) {
  const fy = await currentFiscalYear(tx);
  if (expiryDate < fy.endDate) return fy;
  const [next] = await tx
    .select()
    .from(fiscalYears)
    .where(and(sql`${fiscalYears.startDate} > ${fy.endDate}`, isNull(fiscalYears.deletedOn)))
    .orderBy(asc(fiscalYears.startDate))
    .limit(1);
  if (!next) throw new AppError(409, 'NO_FISCAL_YEAR', 'errors.noFiscalYear');
  return next;
}

/**
 * Approval of a renewal (issue 4 §5), inside the approving transaction: the registration
 * keeps its number; its expiry moves to the end of renewalFiscalYear, and a new certificate
 * is issued on it. The registration's history records the renewal. Returns the renewal
 * row's registration and expiry dates.
 */
export async function extendRegistration(
  tx: Tx,
  signingKey: string,
  r: { actor: Actor; renewal: AppRow; ip: string; remarks: string | null },
): Promise<Partial<typeof applications.$inferInsert>> {
  const { actor, renewal } = r;
  const [reg] = await tx
    .select()
    .from(applications)
    .where(eq(applications.id, renewal.renewalOfId!))
    .for('update');
  if (!reg || reg.appStatus !== 'approved' || !reg.registrationNo || !reg.expiryDate)
    throw AppError.conflict('errors.notRenewable');
  const fy = await renewalFiscalYear(tx, reg.expiryDate);
  await tx
    .update(applications)
    .set({ expiryDate: fy.endDate, updatedAt: new Date() })
    .where(eq(applications.id, reg.id));
  await issueCertificate(tx, signingKey, {
    applicationId: reg.id,
    registrationNo: reg.registrationNo,
    fiscalYearId: fy.id,
    validUntil: fy.endDate,
  });
  await tx.insert(applicationHistory).values({
    applicationId: reg.id,
    userId: actor.id,
    action: 'renew',
    fromStatus: 'approved',
    toStatus: 'approved',
    remarks: r.remarks,
    changes: {
      expiryDate: { from: reg.expiryDate, to: fy.endDate },
      renewal: { from: null, to: renewal.submissionNo },
    },
  });
  await audit(tx, {
    userId: actor.id,
    action: 'application.renew',
    entity: 'applications',
    entityId: reg.id,
    data: { renewalId: renewal.id, from: reg.expiryDate, to: fy.endDate },
    ip: r.ip,
  });
  return { registrationDate: todayAd(), expiryDate: fy.endDate };
}
