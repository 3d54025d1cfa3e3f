/**
 * Intake: an applicant (or staff) submits a new application and edits it while that is
 * allowed (SPEC §2–§5). Old paper registrations come in through the same form with the
 * old-registration flag and a scan of their certificate; renewals are renewals.ts.
 *
 * Every check runs before a file is written, and written files are deleted again if the
 * transaction fails (documents.ts withStoredDocs): bad input changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import type { Bill } from '../../../shared/fees.js';
import type { AppStatus } from '../../../shared/lifecycle.js';
import { RENT_FIELDS, type ApplicationFields } from '../../../shared/schemas/applications.js';
import type { Db, Tx } from '../../db/client.js';
import {
  applicationDocuments,
  applicationHistory,
  applications,
  files,
  users,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';
import { IdempotencyStore } from '../../lib/idempotency.js';
import type { FileStore } from '../../lib/storage.js';
import { assess, billsOnTransition } from '../billing/index.js';
import { canEdit, visibleApplication, type Actor, type AppRow } from './access.js';
import {
  checkDocuments,
  checkOldCertificate,
  documentKinds,
  fileRows,
  withStoredDocs,
  type ApplicationUploads,
  type PendingDoc,
  type StoredDoc,
} from './documents.js';
import { assignSubmissionNo, provisionalSubmissionNo } from './numbering.js';
import { normalOwners, ownersOf, saveOwners } from './owners.js';
import { checkOldNumberFree, checkReferences } from './references.js';

type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields, owners and documents an edit changes (history lists only these). */
function changesOf(
  current: AppRow,
  input: ApplicationFields,
  beforeOwners: Parameters<typeof normalOwners>[0],
  docs: PendingDoc[],
): Changes {
  const { owners, ...columns } = input;
  const changes: Changes = {};
  for (const [k, to] of Object.entries(columns)) {
    const from = (current as Record<string, unknown>)[k] ?? null;
    if (from !== (to ?? null)) changes[k] = { from, to: to ?? null };
  }
  const [before, after] = [normalOwners(beforeOwners), normalOwners(owners)];
  if (JSON.stringify(before) !== JSON.stringify(after))
    changes.owners = { from: before, to: after };
  for (const d of docs) changes[d.field] = { from: null, to: d.file.originalName };
  return changes;
}

/** Uploaded documents replace the documents of their kind on application `id`. */
async function replaceDocuments(tx: Tx, id: number, stored: StoredDoc[], fileIds: number[]) {
  for (const [i, d] of stored.entries()) {
    await tx
      .delete(applicationDocuments)
      .where(
        and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.kind, d.kind)),
      );
    await tx.insert(applicationDocuments).values({
      applicationId: id,
      kind: d.kind,
      requiredFileId: d.requiredFileId,
      fileId: fileIds[i],
    });
  }
}

/** The applicant's profile photo and citizenship scan; 422 PHOTOS_REQUIRED without both. */
async function profileDocuments(db: Db, userId: number) {
  const [profile] = await db
    .select({ photo: users.photoFileId, citizenship: users.citizenshipFileId })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile?.photo || !profile.citizenship)
    throw new AppError(422, 'PHOTOS_REQUIRED', 'errors.photosFirst');
  return { photoId: profile.photo, citizenshipId: profile.citizenship };
}

/**
 * Points the application's `photo` and `citizenship` documents at the owner's current
 * profile files (issue 17 §3: the profile's documents serve every application, so one changed
 * on the profile while fixing a rejection replaces the application's). Returns the history
 * changes (file names); nothing when the profile lacks a file or it is already attached.
 */
async function syncProfileDocuments(tx: Tx, id: number, userId: number): Promise<Changes> {
  const [profile] = await tx
    .select({ photo: users.photoFileId, citizenship: users.citizenshipFileId })
    .from(users)
    .where(eq(users.id, userId));
  const attached = await tx
    .select({ kind: applicationDocuments.kind, fileId: applicationDocuments.fileId })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, id));
  const changes: Changes = {};
  for (const kind of ['photo', 'citizenship'] as const) {
    const fileId = profile?.[kind];
    if (!fileId || attached.some((d) => d.kind === kind && d.fileId === fileId)) continue;
    const [file] = await tx
      .select({ name: files.originalName })
      .from(files)
      .where(eq(files.id, fileId));
    await tx
      .delete(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.kind, kind)));
    await tx.insert(applicationDocuments).values({ applicationId: id, kind, fileId });
    changes[kind] = { from: null, to: file?.name ?? null };
  }
  return changes;
}

export class Submissions {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
  ) {
    this.idempotency = new IdempotencyStore(db);
  }

  /** Idempotency-Keys of submissions (POST /applications), see lib/idempotency.ts. */
  readonly idempotency: IdempotencyStore;

  /**
   * Creates a pending application. The applicant's photo and citizenship scan come from
   * their profile (422 'Please upload photos first' when either is missing, SPEC §5);
   * required files and an old registration's certificate scan come with the form.
   * `inTransaction` runs last inside the transaction with the new application (the route
   * stores its Idempotency-Key there, so a crash leaves both or neither); what it throws
   * rolls everything back. Throws AppError 409/413/422.
   *
   * `onBehalfOf` (issue 19 §4, counter filing): staff file for applicant `id`; the application
   * is theirs (user id, profile photo and citizenship, uploaded files, their language `lang`),
   * history and audit name the staff member. A ward admin may file only in their own ward
   * (422 on `wardId` otherwise, lib/scope.ts).
   */
  async create(
    actor: Actor,
    input: ApplicationFields,
    uploads: ApplicationUploads,
    ip: string,
    lang: string,
    inTransaction?: (tx: Tx, created: { id: number; submissionNo: string }) => Promise<void>,
    onBehalfOf?: { id: number; lang: string },
  ): Promise<{ id: number; submissionNo: string }> {
    if (onBehalfOf && actor.userType === 'wardadmin' && input.wardId !== actor.wardId)
      throw AppError.validation({ wardId: ['errors.counterWard'] }, 'errors.counterWard');
    const ownerId = onBehalfOf?.id ?? actor.id;
    const { photoId, citizenshipId } = await profileDocuments(this.db, ownerId);
    const docs = [
      ...(await checkDocuments(this.db, 'create', uploads.documents, new Set())),
      ...checkOldCertificate(input.isOldRegistration, uploads.oldCertificate, false),
    ];
    await checkReferences(this.db, input);
    await checkOldNumberFree(this.db, input);
    const fy = await currentFiscalYear(this.db);
    return withStoredDocs(this.store, docs, (stored) =>
      this.db.transaction(async (tx) => {
        const ids = await fileRows(tx, ownerId, stored);
        const oldCert = stored.findIndex((d) => d.kind === 'old-certificate');
        const { owners, ...columns } = input;
        const [app] = await tx
          .insert(applications)
          .values({
            ...columns,
            userId: ownerId,
            fiscalYearId: fy.id,
            submissionNo: provisionalSubmissionNo(),
            submissionDate: todayAd(),
            appStatus: 'pending',
            oldCertificateFileId: oldCert >= 0 ? ids[oldCert] : null,
            lang: onBehalfOf?.lang ?? lang,
          })
          .returning({ id: applications.id });
        const submissionNo = await assignSubmissionNo(tx, fy.slug, app.id);
        await saveOwners(tx, app.id, owners);
        await tx.insert(applicationDocuments).values([
          { applicationId: app.id, kind: 'photo', fileId: photoId },
          { applicationId: app.id, kind: 'citizenship', fileId: citizenshipId },
          ...stored.map((d, i) => ({
            applicationId: app.id,
            kind: d.kind,
            requiredFileId: d.requiredFileId,
            fileId: ids[i],
          })),
        ]);
        await tx.insert(applicationHistory).values({
          applicationId: app.id,
          userId: actor.id,
          action: 'submit',
          fromStatus: null,
          toStatus: 'pending',
        });
        await audit(tx, {
          userId: actor.id,
          action: onBehalfOf ? 'application.submit-counter' : 'application.submit',
          entity: 'applications',
          entityId: app.id,
          ...(onBehalfOf && { data: { applicantId: ownerId } }),
          ip,
        });
        const created = { id: app.id, submissionNo };
        if (inTransaction) await inTransaction(tx, created);
        return created;
      }),
    );
  }

  /**
   * Edits an application (the whole form, like create). 404 when not visible, 409 when the
   * actor may not edit it in its status (access.ts canEdit). The applicant editing a rejected
   * application resubmits it (→ pending, history `resubmit`); a verified application whose
   * capital, business type or rent changes gets its bill re-assessed. Uploaded required
   * files (and an old certificate scan) replace the documents of their kind, whatever their
   * required-in flag; files required on update must be attached afterwards (SPEC §5). The
   * photo and citizenship follow the owner's profile (syncProfileDocuments). One transaction with a compare-and-set
   * on the status; history lists only the changed fields.
   */
  async update(
    actor: Actor,
    id: number,
    input: ApplicationFields,
    uploads: ApplicationUploads,
    ip: string,
  ): Promise<void> {
    const current = await visibleApplication(this.db, actor, id);
    if (!canEdit(actor, current.appStatus, current.userId, current.subjectId))
      throw AppError.conflict();
    const present = await documentKinds(this.db, id);
    const docs = [
      ...(await checkDocuments(this.db, 'update', uploads.documents, present)),
      ...checkOldCertificate(
        input.isOldRegistration,
        uploads.oldCertificate,
        present.has('old-certificate'),
      ),
    ];
    // A ward admin cannot move an application out of their own ward.
    if (actor.userType === 'wardadmin' && input.wardId !== current.wardId)
      throw AppError.validation({ wardId: ['validation.choice'] });
    await checkReferences(this.db, input);
    if (input.oldRegistrationNo !== current.oldRegistrationNo)
      await checkOldNumberFree(this.db, input);
    const changes = changesOf(current, input, await ownersOf(this.db, id), docs);
    const resubmit = actor.userType === 'user' && current.appStatus === 'rejected';
    const to: AppStatus = resubmit ? 'pending' : current.appStatus;
    const reassess =
      current.appStatus === 'verified' &&
      ['capitalCurrent', 'businessTypeId', ...RENT_FIELDS].some((k) => k in changes);
    const { owners, ...columns } = input;
    await withStoredDocs(this.store, docs, (stored) =>
      this.db.transaction(async (tx) => {
        const extra: Partial<typeof applications.$inferInsert> = {};
        if (reassess) {
          const bill = await assess(tx, { ...current, ...columns });
          extra.bill = bill;
          const before = current.bill as Bill | null;
          if (before?.total !== bill.total)
            changes.bill = { from: before?.total ?? null, to: bill.total };
        }
        const ids = await fileRows(tx, current.userId, stored);
        const oldCert = stored.findIndex((d) => d.kind === 'old-certificate');
        if (oldCert >= 0) extra.oldCertificateFileId = ids[oldCert];
        const updated = await tx
          .update(applications)
          .set({ ...columns, ...extra, appStatus: to, updatedAt: new Date() })
          .where(and(eq(applications.id, id), eq(applications.appStatus, current.appStatus)))
          .returning({ id: applications.id });
        if (updated.length !== 1) throw AppError.conflict();
        await billsOnTransition(tx, {
          applicationId: id,
          from: current.appStatus,
          to,
          action: 'edit',
          bill: extra.bill,
        });
        if (changes.owners) await saveOwners(tx, id, owners);
        await replaceDocuments(tx, id, stored, ids);
        Object.assign(changes, await syncProfileDocuments(tx, id, current.userId));
        const action = resubmit ? 'resubmit' : 'edit';
        await tx.insert(applicationHistory).values({
          applicationId: id,
          userId: actor.id,
          action,
          fromStatus: current.appStatus,
          toStatus: to,
          changes,
        });
        await audit(tx, {
          userId: actor.id,
          action: `application.${action}`,
          entity: 'applications',
          entityId: id,
          data: { from: current.appStatus, to, changes },
          ip,
        });
      }),
    );
  }
}
