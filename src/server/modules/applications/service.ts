/**
 * Applications: create, read (scoped), and the lifecycle transitions of DESIGN.md §4.
 *
 * Scoping (DESIGN.md §3) is part of every query: an applicant sees only their own
 * applications, a ward admin only those of their ward, a system admin all; anything else
 * is a 404, never a 403, so ids of other people's records leak nothing.
 *
 * Every transition is one transaction: a compare-and-set on the status (a concurrent change
 * makes the second one a 409), the side effect (bill, payment, registration number,
 * certificate), a history entry and an audit row.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  assessFees,
  DEFAULT_FEE_SETTINGS,
  FeeError,
  renewalTiming,
  type Bill,
  type FeeSettings,
  type RenewalTiming,
} from '../../../shared/fees.js';
import { adToBs, todayAd } from '../../../shared/bs-date.js';
import { translate, type Lang } from '../../../shared/i18n/index.js';
import { formatPaisa } from '../../../shared/format.js';
import { fiscalYearOf } from '../../../shared/fiscal-year.js';
import {
  ACTION_PERMISSION,
  allowedActions,
  nextStatus,
  type AppAction,
  type AppStatus,
} from '../../../shared/lifecycle.js';
import { hasAnyPermission } from '../../../shared/permissions.js';
import {
  RENT_FIELDS,
  type ApplicationFields,
  type manualPaymentSchema,
} from '../../../shared/schemas/applications.js';
import type { CertificateView } from '../../../shared/schemas/certificate.js';
import type { ListQuery } from '../../../shared/schemas/list.js';
import { AppError, type FieldError } from '../../errors.js';
import {
  boolValue,
  boundedTotal,
  enumValue,
  f,
  filterTerms,
  listPlan,
  SORT_VALUE,
  type ListSpec,
} from '../../lib/list.js';
import { listBatches, type ExportQuery } from '../../lib/export.js';
import type { Db, Tx } from '../../db/client.js';
import {
  APPLICATION_STATUSES,
  applicationDocuments,
  applicationHistory,
  applicationOwners,
  applications,
  businessTypes,
  certificates,
  cities,
  districts,
  files,
  fiscalYears,
  payments,
  registrationCounters,
  requiredFiles,
  checkboxes,
  settings,
  states,
  taxSetups,
  users,
  wards,
} from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { IdempotencyStore } from '../../lib/idempotency.js';
import {
  checkUpload,
  type CheckedFile,
  type FileStore,
  type UploadedFile,
} from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { Notifier, NotifyKind } from '../notifications/notify.js';

type Actor = Pick<AuthUser, 'id' | 'userType' | 'wardId' | 'permissions'>;
type AppRow = typeof applications.$inferSelect;

/** Uploads of a create or update: required files by slug, and an old registration's scan. */
export interface ApplicationUploads {
  documents: Record<string, UploadedFile>;
  oldCertificate?: UploadedFile;
}

/** Days before expiry from which a registration may be renewed (issue 4 §5). */
export const RENEWAL_WINDOW_DAYS = 30;
/** Statuses in which a renewal is still in progress (one at a time per registration). */
const OPEN_RENEWAL = ['pending', 'verified', 'paid', 'rejected'] as const;

/** Names of the document kinds that are not required-file slugs, in both languages. */
export const DOCUMENT_KINDS: Record<string, { en: string; ne: string }> = {
  photo: { en: 'Photo', ne: 'फोटो' },
  citizenship: { en: 'Citizenship document', ne: 'नागरिकता प्रमाणपत्र' },
  'old-certificate': { en: 'Old registration certificate', ne: 'पुरानो दर्ता प्रमाणपत्र' },
  'renew-proof': { en: 'Renewal proof', ne: 'नवीकरणको प्रमाण' },
};

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
 * Why `action` does not apply to this kind of application (a translation key), or null:
 * only an old paper registration that is not a renewal is accepted, and it is not verified.
 */
function kindBlock(
  app: Pick<AppRow, 'isOldRegistration' | 'isRenewal'>,
  action: AppAction,
): string | null {
  const old = app.isOldRegistration && !app.isRenewal;
  if (action === 'accept' && !old) return 'errors.notOldRegistration';
  if (action === 'verify' && old) return 'errors.oldRegistrationOnly';
  return null;
}

/** A checked upload waiting to be stored, and the document it becomes. */
interface PendingDoc {
  kind: string;
  requiredFileId: number | null;
  field: string;
  file: CheckedFile;
}

/** The WHERE clause that limits `actor` to the applications they may see. */
export function scopeOf(actor: Actor): SQL | undefined {
  if (actor.userType === 'systemadmin') return undefined;
  if (actor.userType === 'wardadmin') {
    return actor.wardId ? eq(applications.wardId, actor.wardId) : sql`false`;
  }
  return eq(applications.userId, actor.id);
}

/**
 * The applications list query as data (issue 3: the same machinery as every generic list):
 * the columns it may be sorted by and the filters it takes.
 */
export const APPLICATION_LIST: ListSpec = {
  sortable: {
    id: applications.id,
    submissionNo: applications.submissionNo,
    registrationNo: applications.registrationNo,
    businessName: applications.businessName,
    ownerName: applications.ownerName,
    submissionDate: applications.submissionDate,
    expiryDate: applications.expiryDate,
    appStatus: applications.appStatus,
    createdAt: applications.createdAt,
  },
  filters: {
    status: f.eq(applications.appStatus, enumValue(APPLICATION_STATUSES)),
    q: f.search(
      applications.businessName,
      applications.ownerName,
      applications.submissionNo,
      applications.registrationNo,
    ),
    wardId: f.eq(applications.wardId),
    businessTypeId: f.eq(applications.businessTypeId),
    fiscalYearId: f.eq(applications.fiscalYearId),
    isRenewal: f.eq(applications.isRenewal, boolValue),
    ...f.range('submission', applications.submissionDate),
    ...f.range('expiry', applications.expiryDate),
    ...f.range('created', applications.createdAt, true),
  },
  tiebreak: applications.id,
};

/** The columns of an applications list row (list and export); joins business type and ward. */
const LIST_COLUMNS = {
  id: applications.id,
  submissionNo: applications.submissionNo,
  registrationNo: applications.registrationNo,
  businessName: applications.businessName,
  ownerName: applications.ownerName,
  appStatus: applications.appStatus,
  submissionDate: applications.submissionDate,
  expiryDate: applications.expiryDate,
  createdAt: applications.createdAt,
  businessTypeId: applications.businessTypeId,
  businessTypeNameEn: businessTypes.nameEn,
  businessTypeNameNe: businessTypes.nameNe,
  wardId: applications.wardId,
  wardNumber: wards.number,
};

/** renewRegistrationList: sorting and filters (issue 4 §5). */
export const RENEWAL_LIST: ListSpec = {
  sortable: {
    id: applications.id,
    registrationNo: applications.registrationNo,
    businessName: applications.businessName,
    expiryDate: applications.expiryDate,
  },
  filters: {
    q: f.search(applications.businessName, applications.ownerName, applications.registrationNo),
    wardId: f.eq(applications.wardId),
    businessTypeId: f.eq(applications.businessTypeId),
    state: f.custom(z.enum(['expired', 'expiring']), (v) =>
      v === 'expired'
        ? sql`${applications.expiryDate} < ${todayAd()}`
        : sql`${applications.expiryDate} >= ${todayAd()}`,
    ),
    ...f.range('expiry', applications.expiryDate),
  },
  tiebreak: applications.id,
};

export class ApplicationService {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly signingKey: string,
    private readonly notifier: Notifier | null = null,
  ) {
    this.idempotency = new IdempotencyStore(db);
  }

  /** Idempotency-Keys of submissions (POST /applications), see lib/idempotency.ts. */
  readonly idempotency: IdempotencyStore;

  // ------------------------------------------------------------------ reads

  /**
   * Paged list (SPEC §3 generic list query), scoped: a keyset page after `q.cursor` or a
   * bounded OFFSET, with a bounded count (lib/list.ts; issue 8 "a deep page as fast as page 1").
   */
  async list(actor: Actor, q: ListQuery) {
    const plan = listPlan(APPLICATION_LIST, q, [isNull(applications.deletedOn), scopeOf(actor)]);
    const rows = await plan.fetch((where, limit, offset) =>
      this.db
        .select({ ...LIST_COLUMNS, ...plan.select })
        .from(applications)
        .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
        .innerJoin(wards, eq(wards.id, applications.wardId))
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(limit)
        .offset(offset),
    );
    const page = plan.pageOf(rows);
    const counted = await boundedTotal(
      this.db,
      this.db
        .select({ one: sql`1` })
        .from(applications)
        .where(plan.where)
        .$dynamic(),
    );
    return {
      data: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      meta: { ...counted, nextCursor: page.nextCursor },
    };
  }

  /**
   * The applications list with the list's filters, scope and sort, for an export (issue 7 §4):
   * the row count and the rows in keyset batches (lib/export.ts listBatches), so a large list
   * streams.
   */
  async exportRows(actor: Actor, q: Pick<ExportQuery, 'filters' | 'sortBy' | 'descending'>) {
    const where = and(
      isNull(applications.deletedOn),
      scopeOf(actor),
      ...filterTerms(APPLICATION_LIST, q.filters ?? {}),
    );
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(applications)
      .where(where);
    const batches = listBatches(APPLICATION_LIST, q, (seek, orderBy, limit, select) =>
      this.db
        .select({
          ...LIST_COLUMNS,
          capitalCurrent: applications.capitalCurrent,
          locMobile: applications.locMobile,
          ...select,
        })
        .from(applications)
        .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
        .innerJoin(wards, eq(wards.id, applications.wardId))
        .where(and(where, seek))
        .orderBy(...orderBy)
        .limit(limit),
    );
    return { total, batches };
  }

  /** The row if `actor` may see it, else 404. */
  private async visible(db: Db | Tx, actor: Actor, id: number) {
    const [row] = await db
      .select()
      .from(applications)
      .where(and(eq(applications.id, id), isNull(applications.deletedOn), scopeOf(actor)));
    if (!row) throw AppError.notFound();
    return row;
  }

  /**
   * Full detail for the detail page (information, history, images tabs), with what the
   * actor may do next. `lang` picks the language of the fee estimate's problem text.
   */
  async detail(actor: Actor, id: number, lang: Lang = 'en-US') {
    const a = await this.visible(this.db, actor, id);
    const pState = alias(states, 'p_state');
    const pDistrict = alias(districts, 'p_district');
    const pCity = alias(cities, 'p_city');
    const [names] = await this.db
      .select({
        businessType: { nameEn: businessTypes.nameEn, nameNe: businessTypes.nameNe },
        ward: { id: wards.id, number: wards.number, nameEn: wards.nameEn, nameNe: wards.nameNe },
        permState: { nameEn: pState.nameEn, nameNe: pState.nameNe },
        permDistrict: { nameEn: pDistrict.nameEn, nameNe: pDistrict.nameNe },
        permCity: { nameEn: pCity.nameEn, nameNe: pCity.nameNe },
        fiscalYear: { code: fiscalYears.code, nameNe: fiscalYears.nameNe },
      })
      .from(applications)
      .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
      .innerJoin(wards, eq(wards.id, applications.wardId))
      .innerJoin(pState, eq(pState.id, applications.permStateId))
      .innerJoin(pDistrict, eq(pDistrict.id, applications.permDistrictId))
      .innerJoin(pCity, eq(pCity.id, applications.permCityId))
      .leftJoin(fiscalYears, eq(fiscalYears.id, applications.fiscalYearId))
      .where(eq(applications.id, id));
    const documents = await this.db
      .select({
        id: applicationDocuments.id,
        kind: applicationDocuments.kind,
        fileId: applicationDocuments.fileId,
        mime: files.mime,
        originalName: files.originalName,
        sizeBytes: files.sizeBytes,
        checks: applicationDocuments.checks,
        requiredFileId: applicationDocuments.requiredFileId,
        requiredNameEn: requiredFiles.nameEn,
        requiredNameNe: requiredFiles.nameNe,
      })
      .from(applicationDocuments)
      .innerJoin(files, eq(files.id, applicationDocuments.fileId))
      .leftJoin(requiredFiles, eq(requiredFiles.id, applicationDocuments.requiredFileId))
      .where(eq(applicationDocuments.applicationId, id))
      .orderBy(asc(applicationDocuments.id));
    const history = await this.db
      .select({
        id: applicationHistory.id,
        action: applicationHistory.action,
        fromStatus: applicationHistory.fromStatus,
        toStatus: applicationHistory.toStatus,
        remarks: applicationHistory.remarks,
        changes: applicationHistory.changes,
        createdAt: applicationHistory.createdAt,
        byName: users.name,
        byUserType: users.userType,
      })
      .from(applicationHistory)
      .leftJoin(users, eq(users.id, applicationHistory.userId))
      .where(eq(applicationHistory.applicationId, id))
      .orderBy(asc(applicationHistory.id));
    const pays = await this.db
      .select({
        id: payments.id,
        businessTax: payments.businessTax,
        fine: payments.fine,
        rentTax: payments.rentTax,
        adminCost: payments.adminCost,
        discount: payments.discount,
        total: payments.total,
        paidDate: payments.paidDate,
        receiptNo: payments.receiptNo,
        receiptFileId: payments.receiptFileId,
        channel: payments.channel,
        payStatus: payments.payStatus,
      })
      .from(payments)
      .where(eq(payments.applicationId, id))
      .orderBy(asc(payments.id));
    const [cert] = await this.db
      .select({
        id: certificates.id,
        registrationNo: certificates.registrationNo,
        verifyCode: certificates.verifyCode,
        revokedAt: certificates.revokedAt,
      })
      .from(certificates)
      .where(eq(certificates.applicationId, id))
      .orderBy(desc(certificates.id))
      .limit(1);
    const { deletedOn: _d, ...rest } = a;
    const [renewalOf] = a.renewalOfId
      ? await this.db
          .select({
            id: applications.id,
            registrationNo: applications.registrationNo,
            businessName: applications.businessName,
            expiryDate: applications.expiryDate,
          })
          .from(applications)
          .where(eq(applications.id, a.renewalOfId))
      : [];
    const openRenewal = a.isRenewal ? null : await this.openRenewalOf(this.db, a.id);
    const canRenew =
      hasAnyPermission(actor.permissions, ['renew-applications']) &&
      !(await this.renewBlock(this.db, a));
    let estimate: { bill: Bill | null; problem: string | null } | null = null;
    if (
      !a.bill &&
      (a.appStatus === 'pending' || a.appStatus === 'rejected') &&
      !kindBlock(a, 'verify')
    ) {
      const e = await this.estimate(this.db, a);
      estimate = { bill: e.bill, problem: e.problem ? translate(lang, e.problem) : null };
    }
    return {
      ...rest,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
      ...names,
      bill: (a.bill as Bill | null) ?? null,
      estimate,
      documents: documents.map(({ requiredNameEn, requiredNameNe, ...d }) => ({
        ...d,
        nameEn: requiredNameEn ?? DOCUMENT_KINDS[d.kind]?.en ?? d.kind,
        nameNe: requiredNameNe ?? DOCUMENT_KINDS[d.kind]?.ne ?? d.kind,
      })),
      renewalOf: renewalOf ?? null,
      openRenewalId: openRenewal?.id ?? null,
      canRenew,
      canCheckDocuments: this.canCheckDocuments(actor, a.appStatus),
      history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
      payments: pays,
      certificate: cert
        ? {
            id: cert.id,
            registrationNo: cert.registrationNo,
            verifyCode: cert.verifyCode,
            revoked: !!cert.revokedAt,
          }
        : null,
      owners: await this.ownersOf(this.db, id),
      allowedActions: this.actionsFor(actor, a),
      canEdit: this.canEdit(actor, a.appStatus, a.userId),
    };
  }

  private async ownersOf(db: Db | Tx, id: number) {
    return db
      .select({
        position: applicationOwners.position,
        name: applicationOwners.name,
        fatherOrHusbandName: applicationOwners.fatherOrHusbandName,
        citizenshipNo: applicationOwners.citizenshipNo,
      })
      .from(applicationOwners)
      .where(eq(applicationOwners.applicationId, id))
      .orderBy(asc(applicationOwners.position));
  }

  /**
   * Whether `actor` may edit an application in `status` now: the applicant their own while
   * pending or rejected; staff with edit-applications while pending, verified or rejected.
   */
  canEdit(actor: Actor, status: AppStatus, ownerId: number): boolean {
    if (!hasAnyPermission(actor.permissions, ['edit-applications'])) return false;
    if (actor.userType === 'user')
      return ownerId === actor.id && (status === 'pending' || status === 'rejected');
    return status === 'pending' || status === 'verified' || status === 'rejected';
  }

  /**
   * Legal actions on `app` that `actor` holds the permission for. An old paper registration
   * is accepted, never verified; anything else is verified, never accepted.
   */
  actionsFor(
    actor: Actor,
    app: Pick<AppRow, 'appStatus' | 'userId' | 'isOldRegistration' | 'isRenewal'>,
  ): AppAction[] {
    return allowedActions(app.appStatus).filter((a) => {
      if (kindBlock(app, a)) return false;
      if (!hasAnyPermission(actor.permissions, [ACTION_PERMISSION[a]])) return false;
      if (actor.userType === 'user')
        return (a === 'cancel' || a === 'resubmit') && app.userId === actor.id;
      // Resubmitting is the applicant's answer to a rejection; staff edit instead.
      return a !== 'resubmit';
    });
  }

  // ------------------------------------------------------------------ documents

  /**
   * Checks uploads against the required-file setup (SPEC §5): for `mode` create, files set
   * to create or both are offered; for update, update or both. A required one that is
   * neither uploaded nor already in `present` (kinds already attached) is a 422 naming the
   * file in both languages; an upload that is not offered is a 422 too. Then each upload
   * is checked (type by magic bytes, 5 MiB).
   */
  private async checkDocuments(
    mode: 'create' | 'update',
    uploads: Record<string, UploadedFile>,
    present: ReadonlySet<string>,
  ): Promise<PendingDoc[]> {
    const offered = await this.db
      .select()
      .from(requiredFiles)
      .where(
        and(
          inArray(requiredFiles.requiredIn, [mode, 'both']),
          eq(requiredFiles.status, 1),
          isNull(requiredFiles.deletedOn),
        ),
      )
      .orderBy(asc(requiredFiles.id));
    const errors: Record<string, FieldError[]> = {};
    for (const slug of Object.keys(uploads)) {
      if (!offered.some((r) => r.slug === slug)) errors[`doc_${slug}`] = ['errors.unknownField'];
    }
    for (const r of offered) {
      if (r.isRequired && !uploads[r.slug] && !present.has(r.slug)) {
        errors[`doc_${r.slug}`] = [
          { key: 'validation.fileRequired', vars: { name: { en: r.nameEn, ne: r.nameNe } } },
        ];
      }
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
    return offered
      .filter((r) => uploads[r.slug])
      .map((r) => ({
        kind: r.slug,
        requiredFileId: r.id,
        field: `doc_${r.slug}`,
        file: checkUpload(`doc_${r.slug}`, uploads[r.slug]),
      }));
  }

  /**
   * The scan of an old paper registration's certificate: compulsory when the flag is set and
   * the application has none yet; refused when the flag is not set.
   */
  private checkOldCertificate(
    isOld: boolean,
    upload: UploadedFile | undefined,
    alreadyHas: boolean,
  ): PendingDoc[] {
    if (!isOld) {
      if (upload) throw AppError.validation({ oldCertificate: ['errors.unknownField'] });
      return [];
    }
    if (!upload) {
      if (alreadyHas) return [];
      throw AppError.validation({
        oldCertificate: [
          { key: 'validation.fileRequired', vars: { name: DOCUMENT_KINDS['old-certificate'] } },
        ],
      });
    }
    return [
      {
        kind: 'old-certificate',
        requiredFileId: null,
        field: 'oldCertificate',
        file: checkUpload('oldCertificate', upload),
      },
    ];
  }

  /** Writes checked files to the store; their names go into `saved` for discard on failure. */
  private async storeAll(docs: PendingDoc[], saved: string[]) {
    const out: (PendingDoc & { storedName: string })[] = [];
    for (const d of docs) {
      const storedName = await this.store.save(d.file);
      saved.push(storedName);
      out.push({ ...d, storedName });
    }
    return out;
  }

  /** `files` rows for stored uploads, ids in the same order. */
  private async fileRows(
    tx: Tx,
    ownerUserId: number,
    docs: { file: CheckedFile; storedName: string }[],
  ): Promise<number[]> {
    if (!docs.length) return [];
    const rows = await tx
      .insert(files)
      .values(
        docs.map((d) => ({
          ownerUserId,
          originalName: d.file.originalName,
          storedName: d.storedName,
          mime: d.file.mime,
          sizeBytes: d.file.data.length,
          sha256: d.file.sha256,
        })),
      )
      .returning({ id: files.id });
    return rows.map((r) => r.id);
  }

  /** 422 on oldRegistrationNo when that number is already a registration in the system. */
  private async checkOldNumberFree(input: ApplicationFields) {
    if (!input.isOldRegistration || !input.oldRegistrationNo) return;
    const [taken] = await this.db
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.registrationNo, input.oldRegistrationNo),
          isNull(applications.deletedOn),
        ),
      )
      .limit(1);
    if (taken) throw AppError.validation({ oldRegistrationNo: ['errors.registrationNoTaken'] });
  }

  // ------------------------------------------------------------------ create

  /**
   * Creates a pending application. The applicant's photo and citizenship scan come from
   * their profile (422 'Please upload photos first' when either is missing, SPEC §5);
   * required files and an old registration's certificate scan come with the form. Every
   * check runs before a file is written, and written files are deleted again if the
   * transaction fails. `inTransaction` runs last inside the transaction with the new
   * application (the route stores its Idempotency-Key there, so a crash leaves both or
   * neither); what it throws rolls everything back. Throws AppError 413/422.
   */
  async create(
    actor: Actor,
    input: ApplicationFields,
    uploads: ApplicationUploads,
    ip: string,
    lang: string,
    inTransaction?: (tx: Tx, created: { id: number; submissionNo: string }) => Promise<void>,
  ): Promise<{ id: number; submissionNo: string }> {
    const [profile] = await this.db
      .select({ photo: users.photoFileId, citizenship: users.citizenshipFileId })
      .from(users)
      .where(eq(users.id, actor.id));
    const photoId = profile?.photo;
    const citizenshipId = profile?.citizenship;
    if (!photoId || !citizenshipId)
      throw new AppError(422, 'PHOTOS_REQUIRED', 'errors.photosFirst');
    const docs = [
      ...(await this.checkDocuments('create', uploads.documents, new Set())),
      ...this.checkOldCertificate(input.isOldRegistration, uploads.oldCertificate, false),
    ];
    await this.checkReferences(input);
    await this.checkOldNumberFree(input);
    const fy = await this.currentFiscalYear(this.db);
    const saved: string[] = [];
    try {
      const stored = await this.storeAll(docs, saved);
      return await this.db.transaction(async (tx) => {
        const ids = await this.fileRows(tx, actor.id, stored);
        const oldCert = stored.findIndex((d) => d.kind === 'old-certificate');
        const { owners, ...columns } = input;
        const [app] = await tx
          .insert(applications)
          .values({
            ...columns,
            userId: actor.id,
            fiscalYearId: fy.id,
            submissionNo: `tmp-${randomUUID()}`,
            submissionDate: todayAd(),
            appStatus: 'pending',
            oldCertificateFileId: oldCert >= 0 ? ids[oldCert] : null,
            lang,
          })
          .returning({ id: applications.id });
        const submissionNo = `${fy.slug}-${String(app.id).padStart(6, '0')}`;
        await tx.update(applications).set({ submissionNo }).where(eq(applications.id, app.id));
        await this.saveOwners(tx, app.id, owners);
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
          action: 'application.submit',
          entity: 'applications',
          entityId: app.id,
          ip,
        });
        const created = { id: app.id, submissionNo };
        if (inTransaction) await inTransaction(tx, created);
        return created;
      });
    } catch (err) {
      await this.store.discard(saved);
      throw err;
    }
  }

  /** Replaces the owners of a multiple-owner application (positions 1..n). */
  private async saveOwners(
    tx: Tx,
    applicationId: number,
    owners: { name: string; fatherOrHusbandName: string | null; citizenshipNo: string | null }[],
  ) {
    await tx.delete(applicationOwners).where(eq(applicationOwners.applicationId, applicationId));
    if (owners.length) {
      await tx.insert(applicationOwners).values(
        owners.map((o, i) => ({
          applicationId,
          position: i + 1,
          name: o.name,
          fatherOrHusbandName: o.fatherOrHusbandName,
          citizenshipNo: o.citizenshipNo,
        })),
      );
    }
  }

  // ------------------------------------------------------------------ edit

  /**
   * Edits an application (the whole form, like create). 404 when not visible, 409 when the
   * actor may not edit it in its status (see canEdit). The applicant editing a rejected
   * application resubmits it (→ pending, history `resubmit`); a verified application whose
   * capital, business type or rent changes gets its bill re-assessed. Uploaded required
   * files (and an old certificate scan) replace the documents of their kind; files required
   * on update must be attached afterwards (SPEC §5). One transaction with a compare-and-set
   * on the status; history lists only the changed fields.
   */
  async update(
    actor: Actor,
    id: number,
    input: ApplicationFields,
    uploads: ApplicationUploads,
    ip: string,
  ): Promise<void> {
    const current = await this.visible(this.db, actor, id);
    if (!this.canEdit(actor, current.appStatus, current.userId)) throw AppError.conflict();
    const present = new Set(
      (
        await this.db
          .select({ kind: applicationDocuments.kind })
          .from(applicationDocuments)
          .where(eq(applicationDocuments.applicationId, id))
      ).map((d) => d.kind),
    );
    const docs = [
      ...(await this.checkDocuments('update', uploads.documents, present)),
      ...this.checkOldCertificate(
        input.isOldRegistration,
        uploads.oldCertificate,
        present.has('old-certificate'),
      ),
    ];
    // A ward admin cannot move an application out of their own ward.
    if (actor.userType === 'wardadmin' && input.wardId !== current.wardId)
      throw AppError.validation({ wardId: ['validation.choice'] });
    await this.checkReferences(input);
    if (input.oldRegistrationNo !== current.oldRegistrationNo) await this.checkOldNumberFree(input);
    const { owners, ...columns } = input;
    const beforeOwners = await this.ownersOf(this.db, id);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, to] of Object.entries(columns)) {
      const from = (current as Record<string, unknown>)[k] ?? null;
      if (from !== (to ?? null)) changes[k] = { from, to: to ?? null };
    }
    const norm = (
      list: { name: string; fatherOrHusbandName: string | null; citizenshipNo: string | null }[],
    ) =>
      list.map((o) => ({
        name: o.name,
        fatherOrHusbandName: o.fatherOrHusbandName ?? null,
        citizenshipNo: o.citizenshipNo ?? null,
      }));
    if (JSON.stringify(norm(beforeOwners)) !== JSON.stringify(norm(owners)))
      changes.owners = { from: norm(beforeOwners), to: norm(owners) };
    for (const d of docs) changes[d.field] = { from: null, to: d.file.originalName };

    const resubmit = actor.userType === 'user' && current.appStatus === 'rejected';
    const to: AppStatus = resubmit ? 'pending' : current.appStatus;
    const reassess =
      current.appStatus === 'verified' &&
      ['capitalCurrent', 'businessTypeId', ...RENT_FIELDS].some((k) => k in changes);
    const saved: string[] = [];
    try {
      const stored = await this.storeAll(docs, saved);
      await this.db.transaction(async (tx) => {
        const extra: Partial<typeof applications.$inferInsert> = {};
        if (reassess) {
          const bill = await this.assess(tx, { ...current, ...columns });
          extra.bill = bill;
          const before = current.bill as Bill | null;
          if (before?.total !== bill.total)
            changes.bill = { from: before?.total ?? null, to: bill.total };
        }
        const ids = await this.fileRows(tx, current.userId, stored);
        const oldCert = stored.findIndex((d) => d.kind === 'old-certificate');
        if (oldCert >= 0) extra.oldCertificateFileId = ids[oldCert];
        const updated = await tx
          .update(applications)
          .set({ ...columns, ...extra, appStatus: to, updatedAt: new Date() })
          .where(and(eq(applications.id, id), eq(applications.appStatus, current.appStatus)))
          .returning({ id: applications.id });
        if (updated.length !== 1) throw AppError.conflict();
        if (changes.owners) await this.saveOwners(tx, id, owners);
        for (const [i, d] of stored.entries()) {
          await tx
            .delete(applicationDocuments)
            .where(
              and(
                eq(applicationDocuments.applicationId, id),
                eq(applicationDocuments.kind, d.kind),
              ),
            );
          await tx.insert(applicationDocuments).values({
            applicationId: id,
            kind: d.kind,
            requiredFileId: d.requiredFileId,
            fileId: ids[i],
          });
        }
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
      });
    } catch (err) {
      await this.store.discard(saved);
      throw err;
    }
  }

  // ------------------------------------------------------------------ renewal

  /**
   * Why `reg` cannot be renewed today (a translation key for a 409), or null: it must be an
   * approved registration (not a renewal request), expired or expiring within
   * RENEWAL_WINDOW_DAYS, with no renewal already in progress.
   */
  private async renewBlock(db: Db | Tx, reg: AppRow): Promise<string | null> {
    if (reg.appStatus !== 'approved' || reg.isRenewal || !reg.expiryDate)
      return 'errors.notRenewable';
    if (reg.expiryDate > addDaysAd(todayAd(), RENEWAL_WINDOW_DAYS))
      return 'errors.notDueForRenewal';
    return (await this.openRenewalOf(db, reg.id)) ? 'errors.renewalOpen' : null;
  }

  /** The renewal of registration `id` still in progress, if any. */
  private async openRenewalOf(db: Db | Tx, id: number) {
    const [open] = await db
      .select({ id: applications.id, appStatus: applications.appStatus })
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
   * Starts the renewal of registration `id` (SPEC §2 re-new-registration/{id}): a pending
   * application marked as a renewal of it, with the registration's details, owners, photo
   * and citizenship, plus the renew proof and old certificate scans. It then follows the
   * usual flow (DESIGN.md §4). 404 when not visible; 409 when not renewable (renewBlock). A
   * concurrent second renewal hits the open-renewal unique index and is a 409 too.
   */
  async renew(
    actor: Actor,
    id: number,
    uploads: { renewProof: UploadedFile; oldCertificate: UploadedFile },
    remarks: string | null,
    ip: string,
    lang: string,
  ): Promise<{ id: number; submissionNo: string }> {
    const reg = await this.visible(this.db, actor, id);
    const block = await this.renewBlock(this.db, reg);
    if (block) throw AppError.conflict(block);
    const docs: PendingDoc[] = [
      {
        kind: 'renew-proof',
        requiredFileId: null,
        field: 'renewProof',
        file: checkUpload('renewProof', uploads.renewProof),
      },
      {
        kind: 'old-certificate',
        requiredFileId: null,
        field: 'oldCertificate',
        file: checkUpload('oldCertificate', uploads.oldCertificate),
      },
    ];
    const fy = await this.currentFiscalYear(this.db);
    const saved: string[] = [];
    try {
      const stored = await this.storeAll(docs, saved);
      return await this.db.transaction(async (tx) => {
        const [renewProofFileId, oldCertificateFileId] = await this.fileRows(
          tx,
          reg.userId,
          stored,
        );
        const {
          id: _id,
          createdAt: _c,
          updatedAt: _u,
          deletedOn: _d,
          registrationNo: _rn,
          registrationSerial: _rs,
          registrationFiscalYearId: _rf,
          registrationDate: _rd,
          expiryDate: _e,
          bill: _b,
          ...details
        } = reg;
        const [app] = await tx
          .insert(applications)
          .values({
            ...details,
            appStatus: 'pending',
            isRenewal: true,
            renewalOfId: reg.id,
            fiscalYearId: fy.id,
            submissionNo: `tmp-${randomUUID()}`,
            submissionDate: todayAd(),
            renewProofFileId,
            oldCertificateFileId,
            lang: actor.id === reg.userId ? lang : reg.lang,
          })
          .onConflictDoNothing()
          .returning({ id: applications.id });
        if (!app) throw AppError.conflict('errors.renewalOpen');
        const submissionNo = `${fy.slug}-${String(app.id).padStart(6, '0')}`;
        await tx.update(applications).set({ submissionNo }).where(eq(applications.id, app.id));
        await this.saveOwners(tx, app.id, await this.ownersOf(tx, reg.id));
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
          remarks,
        });
        await audit(tx, {
          userId: actor.id,
          action: 'application.renewal.submit',
          entity: 'applications',
          entityId: app.id,
          data: { renewalOf: reg.id },
          ip,
        });
        return { id: app.id, submissionNo };
      });
    } catch (err) {
      await this.store.discard(saved);
      throw err;
    }
  }

  /**
   * renewRegistrationList (SPEC §2): approved registrations whose expiry is past or within
   * RENEWAL_WINDOW_DAYS days, scoped like the list, with the renewal in progress if any.
   * `daysToExpiry` is negative once expired.
   */
  async renewals(actor: Actor, q: ListQuery) {
    const today = todayAd();
    const plan = listPlan(RENEWAL_LIST, q, this.renewalBase(actor, today));
    const rows = await plan.fetch((where, limit, offset) =>
      this.renewalRows(where, plan.select)
        .orderBy(...plan.orderBy)
        .limit(limit)
        .offset(offset),
    );
    const page = plan.pageOf(rows);
    const counted = await boundedTotal(
      this.db,
      this.db
        .select({ one: sql`1` })
        .from(applications)
        .where(plan.where)
        .$dynamic(),
    );
    return {
      data: page.rows.map((r) => ({ ...r, daysToExpiry: daysBetween(today, r.expiryDate!) })),
      meta: { ...counted, nextCursor: page.nextCursor },
    };
  }

  /**
   * renewRegistrationList for an export (issue 7 §4): the row count and the rows with the
   * list's filters, scope and sort, in keyset batches (lib/export.ts listBatches).
   */
  async exportRenewals(actor: Actor, q: Pick<ExportQuery, 'filters' | 'sortBy' | 'descending'>) {
    const today = todayAd();
    const where = and(
      ...this.renewalBase(actor, today),
      ...filterTerms(RENEWAL_LIST, q.filters ?? {}),
    );
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(applications)
      .where(where);
    const batches = listBatches(
      RENEWAL_LIST,
      q,
      (seek, orderBy, limit, select) =>
        this.renewalRows(and(where, seek), select)
          .orderBy(...orderBy)
          .limit(limit),
      (rows) => rows.map((r) => ({ ...r, daysToExpiry: daysBetween(today, r.expiryDate!) })),
    );
    return { total, batches };
  }

  /** The conditions of renewRegistrationList: approved, not a renewal, within the window. */
  private renewalBase(actor: Actor, today: string): (SQL | undefined)[] {
    return [
      isNull(applications.deletedOn),
      scopeOf(actor),
      eq(applications.appStatus, 'approved'),
      eq(applications.isRenewal, false),
      sql`${applications.expiryDate} <= ${addDaysAd(today, RENEWAL_WINDOW_DAYS)}`,
    ];
  }

  /** The renewal list's row query (with any open renewal of each registration). */
  private renewalRows(where: SQL | undefined, extra: Record<typeof SORT_VALUE, SQL | PgColumn>) {
    const renewal = alias(applications, 'renewal');
    return this.db
      .select({
        id: applications.id,
        registrationNo: applications.registrationNo,
        businessName: applications.businessName,
        ownerName: applications.ownerName,
        expiryDate: applications.expiryDate,
        isOldRegistration: applications.isOldRegistration,
        businessTypeId: applications.businessTypeId,
        businessTypeNameEn: businessTypes.nameEn,
        businessTypeNameNe: businessTypes.nameNe,
        wardId: applications.wardId,
        wardNumber: wards.number,
        renewalId: renewal.id,
        renewalStatus: renewal.appStatus,
        ...extra,
      })
      .from(applications)
      .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
      .innerJoin(wards, eq(wards.id, applications.wardId))
      .leftJoin(
        renewal,
        and(
          eq(renewal.renewalOfId, applications.id),
          inArray(renewal.appStatus, [...OPEN_RENEWAL]),
          isNull(renewal.deletedOn),
        ),
      )
      .where(where)
      .$dynamic();
  }

  // ------------------------------------------------------------------ document checklist

  /**
   * Staff tick the image-checkbox checklist of one document (SPEC §1 "image checkboxes",
   * issue 4 §3) while the application is pending, verified or paid (else 409). Unknown or
   * inactive checkbox ids are a 422 on `checks`. Writes history and audit.
   */
  async setDocumentChecks(
    actor: Actor,
    id: number,
    documentId: number,
    checks: number[],
    ip: string,
  ) {
    const app = await this.visible(this.db, actor, id);
    if (!this.canCheckDocuments(actor, app.appStatus)) {
      if (!hasAnyPermission(actor.permissions, ['verify-applications'])) throw AppError.forbidden();
      throw AppError.conflict();
    }
    const [doc] = await this.db
      .select()
      .from(applicationDocuments)
      .where(
        and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, id)),
      );
    if (!doc) throw AppError.notFound();
    const wanted = [...new Set(checks)].sort((a, b) => a - b);
    if (wanted.length) {
      const known = await this.db
        .select({ id: checkboxes.id })
        .from(checkboxes)
        .where(
          and(
            inArray(checkboxes.id, wanted),
            eq(checkboxes.status, 1),
            isNull(checkboxes.deletedOn),
          ),
        );
      if (known.length !== wanted.length)
        throw AppError.validation({ checks: ['validation.choice'] });
    }
    await this.db.transaction(async (tx) => {
      await tx
        .update(applicationDocuments)
        .set({ checks: wanted })
        .where(eq(applicationDocuments.id, documentId));
      await tx.insert(applicationHistory).values({
        applicationId: id,
        userId: actor.id,
        action: 'checklist',
        fromStatus: app.appStatus,
        toStatus: app.appStatus,
        changes: { [doc.kind]: { from: doc.checks, to: wanted } },
      });
      await audit(tx, {
        userId: actor.id,
        action: 'application.checklist',
        entity: 'applications',
        entityId: id,
        data: { documentId, checks: wanted },
        ip,
      });
    });
  }

  /** Staff who verify may tick document checklists until the application is approved. */
  canCheckDocuments(actor: Actor, status: AppStatus): boolean {
    return (
      actor.userType !== 'user' &&
      hasAnyPermission(actor.permissions, ['verify-applications']) &&
      (status === 'pending' || status === 'verified' || status === 'paid')
    );
  }

  /** Foreign keys must exist, be active and agree with each other (422 on the field). */
  private async checkReferences(input: ApplicationFields) {
    const errors: Record<string, string[]> = {};
    const [bt] = await this.db
      .select({ id: businessTypes.id })
      .from(businessTypes)
      .where(
        and(
          eq(businessTypes.id, input.businessTypeId),
          eq(businessTypes.status, 1),
          isNull(businessTypes.deletedOn),
        ),
      );
    if (!bt) errors.businessTypeId = ['validation.choice'];
    const [w] = await this.db
      .select({ id: wards.id })
      .from(wards)
      .where(and(eq(wards.id, input.wardId), eq(wards.status, 1), isNull(wards.deletedOn)));
    if (!w) errors.wardId = ['validation.choice'];
    const [d] = await this.db
      .select()
      .from(districts)
      .where(eq(districts.id, input.permDistrictId));
    const [c] = await this.db.select().from(cities).where(eq(cities.id, input.permCityId));
    const [s] = await this.db
      .select({ id: states.id })
      .from(states)
      .where(eq(states.id, input.permStateId));
    if (!s) errors.permStateId = ['validation.choice'];
    if (!d || d.stateId !== input.permStateId) errors.permDistrictId = ['validation.choice'];
    if (!c || c.districtId !== input.permDistrictId) errors.permCityId = ['validation.choice'];
    else if (input.permWardNo > c.wardCount) errors.permWardNo = ['validation.range'];
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  private async currentFiscalYear(db: Db | Tx) {
    const [fy] = await db
      .select()
      .from(fiscalYears)
      .where(and(eq(fiscalYears.isCurrent, true), isNull(fiscalYears.deletedOn)))
      .limit(1);
    if (!fy) throw new AppError(409, 'NO_FISCAL_YEAR', 'errors.noFiscalYear');
    return fy;
  }

  private async feeSettings(db: Db | Tx): Promise<FeeSettings> {
    const [row] = await db.select().from(settings).where(eq(settings.key, 'fees'));
    return { ...DEFAULT_FEE_SETTINGS, ...((row?.value as Partial<FeeSettings>) ?? {}) };
  }

  // ------------------------------------------------------------------ transitions

  /**
   * Runs `action` on application `id` as `actor`. 404 when not visible, 403 when the actor
   * may not fire it, 409 when illegal from the current status. `effect` runs inside the
   * transaction after the status compare-and-set and may add columns to update.
   */
  async transition(
    actor: Actor,
    id: number,
    action: AppAction,
    opts: {
      remarks?: string | null;
      ip: string;
      effect?: (
        tx: Tx,
        app: typeof applications.$inferSelect,
      ) => Promise<Partial<typeof applications.$inferInsert>>;
    },
  ): Promise<void> {
    const current = await this.visible(this.db, actor, id);
    if (!this.actionsFor(actor, current).includes(action)) {
      // Distinguish "not allowed for you" from "not allowed now" or "not for this kind".
      const to = nextStatus(current.appStatus, action);
      if (to === null) throw AppError.conflict();
      const block = kindBlock(current, action);
      if (block) throw AppError.conflict(block);
      throw AppError.forbidden();
    }
    const to = nextStatus(current.appStatus, action)!;
    await this.db.transaction(async (tx) => {
      const extra = opts.effect ? await opts.effect(tx, current) : {};
      await this.applyTransition(tx, current, action, to, {
        actorId: actor.id,
        remarks: opts.remarks ?? null,
        ip: opts.ip,
        extra,
      });
    });
  }

  /**
   * The common part of every transition, inside the caller's transaction: compare-and-set of
   * the status (409 when it moved meanwhile), history, audit, and the applicant's
   * notification (all but their own resubmission).
   */
  private async applyTransition(
    tx: Tx,
    current: AppRow,
    action: AppAction,
    to: AppStatus,
    o: {
      actorId: number | null;
      remarks: string | null;
      ip: string | null;
      extra: Partial<typeof applications.$inferInsert>;
    },
  ) {
    const id = current.id;
    const updated = await tx
      .update(applications)
      .set({ ...o.extra, appStatus: to, updatedAt: new Date() })
      .where(and(eq(applications.id, id), eq(applications.appStatus, current.appStatus)))
      .returning({ id: applications.id });
    if (updated.length !== 1) throw AppError.conflict();
    await tx.insert(applicationHistory).values({
      applicationId: id,
      userId: o.actorId,
      action,
      fromStatus: current.appStatus,
      toStatus: to,
      remarks: o.remarks,
    });
    await audit(tx, {
      userId: o.actorId,
      action: `application.${action}`,
      entity: 'applications',
      entityId: id,
      data: { from: current.appStatus, to, remarks: o.remarks },
      ip: o.ip,
    });
    const kind: NotifyKind | null =
      action === 'resubmit'
        ? null
        : action === 'approve' && current.isRenewal && current.renewalOfId
          ? 'renew'
          : action;
    if (kind && this.notifier) {
      const bill = ((o.extra.bill ?? current.bill) as Bill | null) ?? null;
      await this.notifier.toApplicant(tx, id, kind, {
        remarks: o.remarks,
        amount: bill?.total,
        certificateOf: current.renewalOfId ?? id,
      });
    }
  }

  /**
   * An online payment confirmed by its gateway moves application `id` from verified to paid
   * (issue 6), inside the caller's transaction; the gateway's confirmation is the authority,
   * so no permission is checked. Returns false (and changes nothing) when the application is
   * no longer verified, e.g. paid at the counter meanwhile.
   */
  async markPaidOnline(tx: Tx, id: number, byUserId: number | null, ip: string | null) {
    const [current] = await tx.select().from(applications).where(eq(applications.id, id));
    if (!current || current.appStatus !== 'verified') return false;
    await this.applyTransition(tx, current, 'pay', 'paid', {
      actorId: byUserId,
      remarks: null,
      ip,
      extra: {},
    });
    return true;
  }

  /** The application if `actor` may see it, else AppError 404. */
  visibleApplication(actor: Actor, id: number) {
    return this.visible(this.db, actor, id);
  }

  /**
   * A free-text message from staff to the applicant of `id` (SPEC §2 "send notification"):
   * in-app, SMS and email through the outbox; 404 when not visible. Audited.
   */
  async sendMessage(actor: Actor, id: number, message: string, ip: string) {
    const app = await this.visible(this.db, actor, id);
    if (!this.notifier) throw AppError.conflict();
    await this.db.transaction(async (tx) => {
      await this.notifier!.toApplicant(tx, app.id, 'manual', { message });
      await audit(tx, {
        userId: actor.id,
        action: 'application.message',
        entity: 'applications',
        entityId: app.id,
        data: { length: message.length },
        ip,
      });
    });
  }

  /** Verify: assesses the bill from the tax setup of the application's fiscal year. */
  verify(actor: Actor, id: number, remarks: string | null, ip: string) {
    return this.transition(actor, id, 'verify', {
      remarks,
      ip,
      effect: async (tx, app) => ({ bill: await this.assess(tx, app) }),
    });
  }

  /**
   * How late a renewal is, from the expiry of the registration it renews to today (Nepal):
   * months late (BS), fiscal years due and whether it is early (DESIGN.md §5). Null for a
   * new registration. 409 when the registration has no expiry date.
   */
  private async timingOf(
    db: Db | Tx,
    app: Pick<AppRow, 'isRenewal' | 'renewalOfId'>,
  ): Promise<RenewalTiming | null> {
    if (!app.isRenewal || !app.renewalOfId) return null;
    const [reg] = await db
      .select({ expiryDate: applications.expiryDate })
      .from(applications)
      .where(eq(applications.id, app.renewalOfId));
    if (!reg?.expiryDate) throw AppError.conflict('errors.notRenewable');
    return renewalTiming(reg.expiryDate, todayAd());
  }

  /**
   * The bill of `app` from the tax setup of its fiscal year (422 NO_TAX_BAND when no band
   * matches: never a zero bill). A renewal is charged for the years due and the months late
   * since the registration's expiry, or gets the early discount.
   */
  private async assess(
    db: Db | Tx,
    app: Pick<
      AppRow,
      | 'fiscalYearId'
      | 'businessTypeId'
      | 'capitalCurrent'
      | 'isRenewal'
      | 'renewalOfId'
      | 'rentMonthly'
    > & { rentTaxPeriodMonths: number | null },
  ): Promise<Bill> {
    const fyId = app.fiscalYearId ?? (await this.currentFiscalYear(db)).id;
    const bands = await db
      .select()
      .from(taxSetups)
      .where(
        and(
          eq(taxSetups.businessTypeId, app.businessTypeId),
          eq(taxSetups.fiscalYearId, fyId),
          eq(taxSetups.status, 1),
          isNull(taxSetups.deletedOn),
        ),
      );
    const timing = await this.timingOf(db, app);
    try {
      return assessFees({
        bands,
        capital: app.capitalCurrent,
        isRenewal: app.isRenewal,
        fiscalYearsDue: timing?.fiscalYearsDue ?? 1,
        monthsLate: timing?.monthsLate ?? 0,
        renewedBeforeExpiry: timing?.renewedBeforeExpiry ?? false,
        rent:
          app.rentMonthly && app.rentTaxPeriodMonths
            ? { monthly: app.rentMonthly, months: app.rentTaxPeriodMonths }
            : null,
        settings: await this.feeSettings(db),
      });
    } catch (e) {
      if (e instanceof FeeError && e.code === 'no-tax-band') {
        throw new AppError(422, 'NO_TAX_BAND', 'errors.noTaxBand');
      }
      throw e;
    }
  }

  /**
   * Fee estimate before submitting (issue 4 §6: the applicant sees the breakdown first).
   * For a renewal (`renewalOf`, a registration the actor sees) the timing is as of today.
   * Returns the bill, or the translation key of why there is none.
   */
  async quote(
    actor: Actor,
    q: {
      businessTypeId: number;
      capitalCurrent: number;
      rentMonthly: number | null;
      rentTaxPeriodMonths: number | null;
      renewalOf: number | null;
    },
  ): Promise<{ bill: Bill | null; problem: string | null; timing: RenewalTiming | null }> {
    if (q.renewalOf) await this.visible(this.db, actor, q.renewalOf);
    const app = {
      fiscalYearId: null,
      businessTypeId: q.businessTypeId,
      capitalCurrent: q.capitalCurrent,
      isRenewal: q.renewalOf != null,
      renewalOfId: q.renewalOf,
      rentMonthly: q.rentMonthly,
      rentTaxPeriodMonths: q.rentTaxPeriodMonths,
    };
    return this.estimate(this.db, app);
  }

  /** `assess` that reports a missing tax band or fiscal year instead of throwing. */
  private async estimate(db: Db | Tx, app: Parameters<ApplicationService['assess']>[1]) {
    const timing = await this.timingOf(db, app).catch(() => null);
    try {
      return { bill: await this.assess(db, app), problem: null, timing };
    } catch (e) {
      if (e instanceof AppError && e.statusCode !== 404)
        return { bill: null, problem: e.messageKey, timing };
      throw e;
    }
  }

  /**
   * Manual (counter or bank) payment of the assessed bill; the amounts are the bill's.
   * Receipt numbers are unique per fiscal year (422 on receiptNo otherwise).
   */
  async recordPayment(
    actor: Actor,
    id: number,
    input: z.output<typeof manualPaymentSchema>,
    receipt: UploadedFile,
    ip: string,
  ) {
    const checked = checkUpload('receipt', receipt);
    if (input.paidDate > todayAd())
      throw AppError.validation({ paidDate: ['validation.futureDate'] });
    const saved: string[] = [];
    try {
      const storedName = checked ? await this.store.save(checked) : null;
      if (storedName) saved.push(storedName);
      await this.transition(actor, id, 'pay', {
        remarks: input.remarks,
        ip,
        effect: async (tx, app) => {
          const bill = app.bill as Bill | null;
          if (!bill) throw AppError.conflict();
          if (input.amount !== bill.total)
            throw AppError.validation({
              amount: [
                {
                  key: 'errors.amountMismatch',
                  vars: {
                    amount: {
                      en: formatPaisa(bill.total, 'en-US'),
                      ne: formatPaisa(bill.total, 'ne'),
                    },
                  },
                },
              ],
            });
          const fyId = app.fiscalYearId ?? (await this.currentFiscalYear(tx)).id;
          const [dup] = await tx
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.fiscalYearId, fyId), eq(payments.receiptNo, input.receiptNo)));
          if (dup) throw AppError.validation({ receiptNo: ['errors.receiptTaken'] });
          let receiptFileId: number | null = null;
          if (checked && storedName) {
            const [f] = await tx
              .insert(files)
              .values({
                ownerUserId: actor.id,
                originalName: checked.originalName,
                storedName,
                mime: checked.mime,
                sizeBytes: checked.data.length,
                sha256: checked.sha256,
              })
              .returning({ id: files.id });
            receiptFileId = f.id;
          }
          const [p] = await tx
            .insert(payments)
            .values({
              applicationId: app.id,
              fiscalYearId: fyId,
              businessTax: bill.businessTax,
              fine: bill.fine,
              rentTax: bill.rentTax,
              adminCost: bill.adminCost,
              discount: bill.discount,
              total: bill.total,
              paidDate: input.paidDate,
              receiptNo: input.receiptNo,
              receiptFileId,
              channel: input.channel,
              payStatus: 'completed',
              recordedBy: actor.id,
            })
            .returning({ id: payments.id });
          await audit(tx, {
            userId: actor.id,
            action: 'payment.record',
            entity: 'payments',
            entityId: p.id,
            data: { total: bill.total, receiptNo: input.receiptNo },
            ip,
          });
          return {};
        },
      });
    } catch (err) {
      await this.store.discard(saved);
      throw err;
    }
  }

  /**
   * Approve. A new registration gets the next gapless registration number of the current
   * fiscal year (`<serial>/<fiscal year>`, e.g. 145/2082-83, DESIGN.md §4), registration date
   * (today, AD), expiry (last day of the fiscal year, Ashadh end) and a certificate. The
   * counter row is updated inside the transaction, so a failed approval leaves no gap.
   * A renewal instead extends the registration it renews (see renewRegistration).
   */
  approve(actor: Actor, id: number, remarks: string | null, ip: string) {
    return this.transition(actor, id, 'approve', {
      remarks,
      ip,
      effect: async (tx, app) => {
        if (app.isRenewal && app.renewalOfId)
          return this.renewRegistration(tx, actor, app, ip, remarks);
        const fy = await this.currentFiscalYear(tx);
        const [counter] = await tx
          .insert(registrationCounters)
          .values({ fiscalYearId: fy.id, lastSerial: 1 })
          .onConflictDoUpdate({
            target: registrationCounters.fiscalYearId,
            set: { lastSerial: sql`${registrationCounters.lastSerial} + 1` },
          })
          .returning({ serial: registrationCounters.lastSerial });
        const registrationNo = `${counter.serial}/${fy.slug}`;
        await this.issueCertificate(tx, app.id, registrationNo, fy.id, fy.endDate);
        return {
          registrationNo,
          registrationSerial: counter.serial,
          registrationFiscalYearId: fy.id,
          registrationDate: todayAd(),
          expiryDate: fy.endDate,
        };
      },
    });
  }

  /** A certificate row with its signed verification code (DESIGN.md §4). */
  private async issueCertificate(
    tx: Tx,
    applicationId: number,
    registrationNo: string,
    fiscalYearId: number,
    validUntil: string,
  ) {
    const [cert] = await tx
      .insert(certificates)
      .values({
        applicationId,
        registrationNo,
        fiscalYearId,
        verifyCode: `pending-${randomUUID()}`,
        validUntil,
      })
      .returning({ id: certificates.id });
    await tx
      .update(certificates)
      .set({ verifyCode: this.verifyCode(cert.id, registrationNo) })
      .where(eq(certificates.id, cert.id));
  }

  /**
   * Approval of a renewal (issue 4 §5): the registration keeps its number; its expiry moves
   * to the end of the current fiscal year — of the next one when it was renewed early, in
   * the current year's last month (409 'no fiscal year' until staff set that year up) —
   * and a new certificate is issued on it. The registration's history records the renewal.
   * Returns the renewal row's registration and expiry dates.
   */
  private async renewRegistration(
    tx: Tx,
    actor: Actor,
    renewal: AppRow,
    ip: string,
    remarks: string | null,
  ): Promise<Partial<typeof applications.$inferInsert>> {
    const [reg] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, renewal.renewalOfId!))
      .for('update');
    if (!reg || reg.appStatus !== 'approved' || !reg.registrationNo || !reg.expiryDate)
      throw AppError.conflict('errors.notRenewable');
    let fy = await this.currentFiscalYear(tx);
    if (reg.expiryDate >= fy.endDate) {
      const [next] = await tx
        .select()
        .from(fiscalYears)
        .where(and(sql`${fiscalYears.startDate} > ${fy.endDate}`, isNull(fiscalYears.deletedOn)))
        .orderBy(asc(fiscalYears.startDate))
        .limit(1);
      if (!next) throw new AppError(409, 'NO_FISCAL_YEAR', 'errors.noFiscalYear');
      fy = next;
    }
    await tx
      .update(applications)
      .set({ expiryDate: fy.endDate, updatedAt: new Date() })
      .where(eq(applications.id, reg.id));
    await this.issueCertificate(tx, reg.id, reg.registrationNo, fy.id, fy.endDate);
    await tx.insert(applicationHistory).values({
      applicationId: reg.id,
      userId: actor.id,
      action: 'renew',
      fromStatus: 'approved',
      toStatus: 'approved',
      remarks,
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
      ip,
    });
    return { registrationDate: todayAd(), expiryDate: fy.endDate };
  }

  /**
   * Accepts an old paper registration into the system (issue 4 §5, DESIGN.md §4): staff have
   * checked the scan of its certificate. It becomes approved with its old number and date,
   * unpaid, valid until `expiryDate` (AD, from the paper certificate) or by default the end
   * of the fiscal year of the old registration date; from there it renews like any other.
   * 409 when that registration number is already in the system.
   */
  accept(actor: Actor, id: number, remarks: string | null, expiry: string | null, ip: string) {
    return this.transition(actor, id, 'accept', {
      remarks,
      ip,
      effect: async (tx, app) => {
        const regDate = app.oldRegistrationDate;
        if (!app.oldRegistrationNo || !regDate)
          throw AppError.conflict('errors.notOldRegistration');
        const expiryDate = expiry ?? fiscalYearOf(regDate).endAd;
        if (expiryDate < regDate)
          throw AppError.validation({ expiryDate: ['validation.dateOrder'] });
        const [taken] = await tx
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.registrationNo, app.oldRegistrationNo));
        if (taken) throw AppError.conflict('errors.registrationNoTaken');
        return {
          registrationNo: app.oldRegistrationNo,
          registrationDate: regDate,
          expiryDate,
        };
      },
    });
  }

  /**
   * Short code printed on the certificate: base36 certificate id + 10 hex of
   * HMAC-SHA256(key, "<id>:<registration no>"), so a forged code does not verify.
   */
  verifyCode(certificateId: number, registrationNo: string): string {
    const mac = createHmac('sha256', this.signingKey)
      .update(`${certificateId}:${registrationNo}`)
      .digest('hex');
    return `${certificateId.toString(36).toUpperCase()}-${mac.slice(0, 10).toUpperCase()}`;
  }

  // ------------------------------------------------------------------ public verification

  /**
   * What the public page `/verify/{code}` shows (issue 7 §2), with no login: only what the
   * certificate shows publicly. A code whose HMAC does not match its certificate (forged or
   * altered) or that names no certificate is `{genuine: false}`. Status: revoked (revoked,
   * or the registration terminated), renewed (a newer certificate replaced this one), expired
   * (valid-until before today), else valid.
   */
  async publicVerification(code: string) {
    const m = /^([0-9A-Z]{1,8})-([0-9A-F]{10})$/.exec(code.trim().toUpperCase());
    const certId = m ? parseInt(m[1], 36) : NaN;
    if (!m || !Number.isSafeInteger(certId) || certId > 2_147_483_647)
      return { genuine: false as const };
    const [row] = await this.db
      .select({ c: certificates, a: applications, w: wards, fy: fiscalYears })
      .from(certificates)
      .innerJoin(applications, eq(applications.id, certificates.applicationId))
      .innerJoin(wards, eq(wards.id, applications.wardId))
      .innerJoin(fiscalYears, eq(fiscalYears.id, certificates.fiscalYearId))
      .where(eq(certificates.id, certId));
    const expected = row ? this.verifyCode(row.c.id, row.c.registrationNo) : '';
    const a = Buffer.from(expected);
    const b = Buffer.from(code.trim().toUpperCase());
    if (!row || a.length !== b.length || !timingSafeEqual(a, b)) return { genuine: false as const };
    const [newer] = await this.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(
        and(
          eq(certificates.applicationId, row.c.applicationId),
          sql`${certificates.id} > ${row.c.id}`,
        ),
      )
      .limit(1);
    const revoked = !!row.c.revokedAt || row.a.appStatus === 'cancelled';
    const status: 'revoked' | 'renewed' | 'expired' | 'valid' = revoked
      ? 'revoked'
      : newer
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
      revokedAt: row.c.revokedAt?.toISOString() ?? null,
      revokeReason: row.c.revokeReason,
    };
  }

  /**
   * Revokes certificate `certId` with a reason (issue 7 §2); the public page shows it at once.
   * 404 when not visible to the actor, 409 when already revoked. Audited, and in the
   * application's history.
   */
  async revokeCertificate(actor: Actor, certId: number, reason: string, ip: string) {
    const [cert] = await this.db.select().from(certificates).where(eq(certificates.id, certId));
    if (!cert) throw AppError.notFound();
    const app = await this.visible(this.db, actor, cert.applicationId);
    await this.db.transaction(async (tx) => {
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

  // ------------------------------------------------------------------ certificate

  /** What the certificate shows; 404 unless approved (or later terminated) and visible. */
  async certificateView(actor: Actor, id: number): Promise<CertificateView> {
    const a = await this.visible(this.db, actor, id);
    const [cert] = await this.db
      .select()
      .from(certificates)
      .where(eq(certificates.applicationId, id))
      .orderBy(desc(certificates.id))
      .limit(1);
    if (!cert || !a.registrationNo || !a.registrationDate || !a.expiryDate)
      throw AppError.notFound();
    const [palikaSetting] = await this.db.select().from(settings).where(eq(settings.key, 'palika'));
    const palikaCityId = (palikaSetting?.value as { cityId?: number } | undefined)?.cityId;
    const [ward] = await this.db.select().from(wards).where(eq(wards.id, a.wardId));
    const [city] = await this.db
      .select({ c: cities, d: districts, s: states })
      .from(cities)
      .innerJoin(districts, eq(districts.id, cities.districtId))
      .innerJoin(states, eq(states.id, districts.stateId))
      .where(eq(cities.id, palikaCityId ?? ward.cityId));
    const [perm] = await this.db
      .select({ c: cities, d: districts, s: states })
      .from(cities)
      .innerJoin(districts, eq(districts.id, cities.districtId))
      .innerJoin(states, eq(states.id, districts.stateId))
      .where(eq(cities.id, a.permCityId));
    const [bt] = await this.db
      .select()
      .from(businessTypes)
      .where(eq(businessTypes.id, a.businessTypeId));
    const [fy] = await this.db
      .select()
      .from(fiscalYears)
      .where(eq(fiscalYears.id, cert.fiscalYearId));
    const bi = (en: string | null, ne: string | null) => ({ en: en ?? '', ne: ne ?? en ?? '' });
    return {
      applicationId: a.id,
      registrationNo: a.registrationNo,
      verifyCode: cert.verifyCode,
      fiscalYear: { en: fy.code, ne: fy.nameNe },
      palika: {
        name: bi(city.c.nameEn, city.c.nameNe),
        category: bi(city.c.categoryEn, city.c.categoryNe),
        district: bi(city.d.nameEn, city.d.nameNe),
        province: bi(city.s.nameEn, city.s.nameNe),
      },
      ward: {
        number: ward.number,
        name: bi(ward.nameEn, ward.nameNe),
        chairName: bi(ward.chairNameEn, ward.chairNameNe),
        secretaryName: bi(ward.secretaryNameEn, ward.secretaryNameNe),
        address: bi(ward.addressEn, ward.addressNe),
      },
      businessName: a.businessName,
      ownerName: a.ownerName,
      fatherOrHusbandName: a.fatherOrHusbandName,
      firmName: a.firmName,
      businessType: bi(bt.nameEn, bt.nameNe),
      description: a.description,
      location: { address: a.locAddress, tole: a.locTole, mobile: a.locMobile },
      permanentAddress: {
        province: bi(perm.s.nameEn, perm.s.nameNe),
        district: bi(perm.d.nameEn, perm.d.nameNe),
        city: bi(perm.c.nameEn, perm.c.nameNe),
        wardNo: a.permWardNo,
        tole: a.permTole,
      },
      capital: { max: a.capitalMax, current: a.capitalCurrent, paidUp: a.capitalPaidUp },
      registrationDate: a.registrationDate,
      expiryDate: a.expiryDate,
      issuedAt: cert.issuedAt.toISOString(),
      revoked: !!cert.revokedAt || a.appStatus === 'cancelled',
    };
  }

  /** A file the actor may read: their own upload, or one attached to an application they see. */
  async readableFile(actor: Actor, fileId: number) {
    const [f] = await this.db.select().from(files).where(eq(files.id, fileId));
    if (!f) throw AppError.notFound();
    if (f.ownerUserId !== actor.id) {
      const scope = scopeOf(actor);
      const linked = await this.db
        .select({ id: applications.id })
        .from(applicationDocuments)
        .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
        .where(and(eq(applicationDocuments.fileId, fileId), scope))
        .limit(1);
      const viaPayment = linked.length
        ? []
        : await this.db
            .select({ id: payments.id })
            .from(payments)
            .innerJoin(applications, eq(applications.id, payments.applicationId))
            .where(and(eq(payments.receiptFileId, fileId), scope))
            .limit(1);
      // A user's photo or citizenship scan: staff who may view users (users screen).
      const viaUser =
        linked.length || viaPayment.length || !hasAnyPermission(actor.permissions, ['view-users'])
          ? []
          : await this.db
              .select({ id: users.id })
              .from(users)
              .where(
                and(
                  or(eq(users.photoFileId, fileId), eq(users.citizenshipFileId, fileId)),
                  isNull(users.deletedOn),
                ),
              )
              .limit(1);
      if (!linked.length && !viaPayment.length && !viaUser.length) throw AppError.notFound();
    }
    return { meta: f, data: await this.store.read(f.storedName) };
  }

  /**
   * SPEC §3 dashboard counts and the chart series of issue 7 §3, scoped like the list and
   * filtered by fiscal year and ward. Paid amount and revenue in paisa. `revenueByMonth` has
   * the 12 BS months of the fiscal year (the chosen one, else the current one), Shrawan first.
   *
   * Staff dashboards read the counters `application_stats` and `payment_stats` (kept exact by
   * triggers, migration 0009) instead of scanning every application: at 100k applications a
   * scan cost ~100 ms a request (issue 8 §1 asks p99 ≤ 50 ms). An applicant's dashboard counts
   * their own rows (a few, by the user index). Either way the figures come in one statement
   * (plus the fiscal year), grouped per ward, business type, status and registration, and are
   * summed from there, so the counts, the charts and the revenue always agree.
   */
  async dashboard(actor: Actor, filter: { fiscalYearId?: number; wardId?: number } = {}) {
    const [fy] = filter.fiscalYearId
      ? await this.db.select().from(fiscalYears).where(eq(fiscalYears.id, filter.fiscalYearId))
      : [await this.currentFiscalYear(this.db)];
    const fyId = filter.fiscalYearId;
    // A ward admin sees their ward only; one without a ward sees nothing (scopeOf: false).
    const noWard = actor.userType === 'wardadmin' && !actor.wardId;
    const wardIds = [actor.userType === 'wardadmin' ? actor.wardId : null, filter.wardId].filter(
      (w): w is number => !!w,
    );
    const wardCond = (col: SQL) =>
      noWard
        ? sql`false`
        : sql.join([sql`true`, ...wardIds.map((w) => sql`${col} = ${w}`)], sql` and `);
    // Rows (ward_id, business_type_id, app_status, registered, n) and (fiscal_year_id,
    // paid_date, total) of the applications and completed payments in scope.
    let appRows: SQL;
    let payRows: SQL;
    if (actor.userType === 'user') {
      const own = sql`a.deleted_on is null and a.user_id = ${actor.id} and ${wardCond(sql`a.ward_id`)}
        ${fyId ? sql`and a.fiscal_year_id = ${fyId}` : sql``}`;
      appRows = sql`select a.ward_id, a.business_type_id, a.app_status,
          (not a.is_renewal and a.app_status in ('approved', 'cancelled') and a.registration_no is not null) as registered,
          count(*)::int as n
        from applications a where ${own} group by 1, 2, 3, 4`;
      payRows = sql`select p.fiscal_year_id, coalesce(p.paid_date, 'infinity'::date) as paid_date,
          sum(p.total) as total
        from payments p join applications a on a.id = p.application_id
        where p.pay_status = 'completed' and ${own} group by 1, 2`;
    } else {
      appRows = sql`select ward_id, business_type_id, app_status, registered, sum(n)::int as n
        from application_stats
        where ${wardCond(sql`ward_id`)} ${fyId ? sql`and fiscal_year_id = ${fyId}` : sql``}
        group by 1, 2, 3, 4 having sum(n) <> 0`;
      payRows = sql`select fiscal_year_id, paid_date, sum(total) as total
        from payment_stats
        where ${wardCond(sql`ward_id`)} ${fyId ? sql`and app_fiscal_year_id = ${fyId}` : sql``}
        group by 1, 2`;
    }
    // Users: every account for an unfiltered system admin; else those who applied in scope.
    const usersSql =
      actor.userType === 'user'
        ? sql`1`
        : actor.userType === 'systemadmin' && !filter.wardId && !fyId
          ? sql`(select count(*)::int from users where deleted_on is null)`
          : sql`(select count(distinct a.user_id)::int from applications a
              where a.deleted_on is null and ${wardCond(sql`a.ward_id`)}
              ${fyId ? sql`and a.fiscal_year_id = ${fyId}` : sql``})`;
    const res = (await this.db.execute(sql`
      with a as (${appRows}), p as (${payRows})
      select
        (select coalesce(json_object_agg(app_status, n), '{}') from
          (select app_status, sum(n)::int as n from a group by 1) s) as counts,
        (select coalesce(json_agg(json_build_object('wardId', w.id, 'number', w.number, 'n', s.n)
            order by w.number), '[]') from
          (select ward_id, sum(n)::int as n from a where registered group by 1) s
          join wards w on w.id = s.ward_id) as by_ward,
        (select coalesce(json_agg(json_build_object('id', b.id, 'nameEn', b.name_en,
            'nameNe', b.name_ne, 'n', s.n) order by s.n desc, b.id), '[]') from
          (select business_type_id, sum(n)::int as n from a where registered group by 1) s
          join business_types b on b.id = s.business_type_id) as by_type,
        (select coalesce(sum(total), 0)::text from p
          ${fyId ? sql`where fiscal_year_id = ${fyId}` : sql``}) as paid,
        (select coalesce(json_agg(json_build_object('day', day, 'total', total::text)), '[]') from
          (select paid_date as day, sum(total) as total from p
            where ${fy ? sql`paid_date between ${fy.startDate} and ${fy.endDate}` : sql`false`}
            group by 1) d) as daily,
        ${usersSql} as users`)) as unknown as {
      rows: {
        counts: Partial<Record<AppStatus, number>>;
        by_ward: { wardId: number; number: number; n: number }[];
        by_type: { id: number; nameEn: string; nameNe: string; n: number }[];
        paid: string;
        daily: { day: string; total: string }[];
        users: number;
      }[];
    };
    const row = res.rows[0];
    const by = (s: AppStatus) => row.counts[s] ?? 0;
    // BS months of the fiscal year: Shrawan (4) … Chaitra (12), Baishakh (1) … Ashadh (3).
    const revenueByMonth = [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3].map((month) => ({
      month,
      total: 0,
    }));
    for (const d of row.daily) {
      const m = adToBs(d.day).month;
      revenueByMonth.find((r) => r.month === m)!.total += Number(d.total);
    }
    return {
      total: Object.values(row.counts).reduce((s, n) => s + (n ?? 0), 0),
      pending: by('pending'),
      verified: by('verified'),
      paid: by('paid'),
      approved: by('approved'),
      rejected: by('rejected'),
      cancelled: by('cancelled'),
      paidAmount: Number(row.paid),
      users: Number(row.users),
      fiscalYear: fy ? { id: fy.id, code: fy.code, nameNe: fy.nameNe } : null,
      byWard: row.by_ward,
      byBusinessType: row.by_type,
      revenueByMonth,
    };
  }
}
