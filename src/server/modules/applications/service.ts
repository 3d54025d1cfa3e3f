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
import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  assessFees,
  DEFAULT_FEE_SETTINGS,
  FeeError,
  type Bill,
  type FeeSettings,
} from '../../../shared/fees.js';
import { todayAd } from '../../../shared/bs-date.js';
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
import { AppError } from '../../errors.js';
import { boolValue, enumValue, f, listPlan, type ListSpec } from '../../lib/list.js';
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
  settings,
  states,
  taxSetups,
  users,
  wards,
} from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { checkUpload, type FileStore, type UploadedFile } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';

type Actor = Pick<AuthUser, 'id' | 'userType' | 'wardId' | 'permissions'>;

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

export class ApplicationService {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly signingKey: string,
  ) {}

  // ------------------------------------------------------------------ reads

  /** Paged list (SPEC §3 generic list query), scoped. */
  async list(actor: Actor, q: ListQuery) {
    const plan = listPlan(APPLICATION_LIST, q, [isNull(applications.deletedOn), scopeOf(actor)]);
    const cond = plan.where;
    const rows = await this.db
      .select({
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
      })
      .from(applications)
      .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
      .innerJoin(wards, eq(wards.id, applications.wardId))
      .where(cond)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(applications)
      .where(cond);
    return {
      data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      meta: { total },
    };
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

  /** Full detail for the detail page (information, history, images tabs). */
  async detail(actor: Actor, id: number) {
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
      })
      .from(applicationDocuments)
      .innerJoin(files, eq(files.id, applicationDocuments.fileId))
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
    return {
      ...rest,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
      ...names,
      bill: (a.bill as Bill | null) ?? null,
      documents,
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
      allowedActions: this.actionsFor(actor, a.appStatus, a.userId),
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

  /** Legal actions from `status` that `actor` holds the permission for. */
  actionsFor(actor: Actor, status: AppStatus, ownerId: number): AppAction[] {
    return allowedActions(status).filter((a) => {
      if (!hasAnyPermission(actor.permissions, [ACTION_PERMISSION[a]])) return false;
      if (actor.userType === 'user')
        return (a === 'cancel' || a === 'resubmit') && ownerId === actor.id;
      // Resubmitting is the applicant's answer to a rejection; staff edit instead.
      return a !== 'resubmit';
    });
  }

  // ------------------------------------------------------------------ create

  /**
   * Creates a pending application with the applicant's photo and citizenship scan.
   * Files are checked (type by magic bytes, 5 MiB) before anything is written and deleted
   * again if the transaction fails. Throws AppError 413/422.
   */
  async create(
    actor: Actor,
    input: ApplicationFields,
    uploads: { photo: UploadedFile; citizenship: UploadedFile },
    ip: string,
    lang: string,
  ): Promise<{ id: number; submissionNo: string }> {
    const photo = checkUpload('photo', uploads.photo);
    const citizenship = checkUpload('citizenship', uploads.citizenship);
    await this.checkReferences(input);
    const fy = await this.currentFiscalYear(this.db);
    const saved: string[] = [];
    try {
      const photoName = await this.store.save(photo);
      saved.push(photoName);
      const citName = await this.store.save(citizenship);
      saved.push(citName);
      return await this.db.transaction(async (tx) => {
        const [pf, cf] = await tx
          .insert(files)
          .values([
            {
              ownerUserId: actor.id,
              originalName: photo.originalName,
              storedName: photoName,
              mime: photo.mime,
              sizeBytes: photo.data.length,
              sha256: photo.sha256,
            },
            {
              ownerUserId: actor.id,
              originalName: citizenship.originalName,
              storedName: citName,
              mime: citizenship.mime,
              sizeBytes: citizenship.data.length,
              sha256: citizenship.sha256,
            },
          ])
          .returning({ id: files.id });
        const { owners, ...columns } = input;
        const [app] = await tx
          .insert(applications)
          .values({
            ...columns,
            userId: actor.id,
            fiscalYearId: fy.id,
            submissionNo: `tmp-${photoName}`,
            submissionDate: todayAd(),
            appStatus: 'pending',
            lang,
          })
          .returning({ id: applications.id });
        const submissionNo = `${fy.slug}-${String(app.id).padStart(6, '0')}`;
        await tx.update(applications).set({ submissionNo }).where(eq(applications.id, app.id));
        await this.saveOwners(tx, app.id, owners);
        await tx.insert(applicationDocuments).values([
          { applicationId: app.id, kind: 'photo', fileId: pf.id },
          { applicationId: app.id, kind: 'citizenship', fileId: cf.id },
        ]);
        // The applicant's profile keeps the latest photo and citizenship scan.
        await tx
          .update(users)
          .set({ photoFileId: pf.id, citizenshipFileId: cf.id, updatedAt: new Date() })
          .where(eq(users.id, actor.id));
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
        return { id: app.id, submissionNo };
      });
    } catch (err) {
      await this.store.discard(saved);
      throw err;
    }
  }

  /** Replaces the owners of a multiple-owner application (positions 1..n). */
  private async saveOwners(tx: Tx, applicationId: number, owners: ApplicationFields['owners']) {
    await tx.delete(applicationOwners).where(eq(applicationOwners.applicationId, applicationId));
    if (owners.length) {
      await tx
        .insert(applicationOwners)
        .values(owners.map((o, i) => ({ applicationId, position: i + 1, ...o })));
    }
  }

  // ------------------------------------------------------------------ edit

  /**
   * Edits an application (the whole form, like create). 404 when not visible, 409 when the
   * actor may not edit it in its status (see canEdit). The applicant editing a rejected
   * application resubmits it (→ pending, history `resubmit`); a verified application whose
   * capital, business type or rent changes gets its bill re-assessed. Photo and citizenship
   * replace the application's documents of that kind when sent. One transaction with a
   * compare-and-set on the status; history lists only the changed fields.
   */
  async update(
    actor: Actor,
    id: number,
    input: ApplicationFields,
    uploads: { photo?: UploadedFile; citizenship?: UploadedFile },
    ip: string,
  ): Promise<void> {
    const current = await this.visible(this.db, actor, id);
    if (!this.canEdit(actor, current.appStatus, current.userId)) throw AppError.conflict();
    const checked = (['photo', 'citizenship'] as const).flatMap((kind) => {
      const u = uploads[kind];
      return u ? [{ kind, file: checkUpload(kind, u) }] : [];
    });
    // A ward admin cannot move an application out of their own ward.
    if (actor.userType === 'wardadmin' && input.wardId !== current.wardId)
      throw AppError.validation({ wardId: ['validation.choice'] });
    await this.checkReferences(input);
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
    for (const c of checked) changes[c.kind] = { from: null, to: c.file.originalName };

    const resubmit = actor.userType === 'user' && current.appStatus === 'rejected';
    const to: AppStatus = resubmit ? 'pending' : current.appStatus;
    const reassess =
      current.appStatus === 'verified' &&
      ['capitalCurrent', 'businessTypeId', ...RENT_FIELDS].some((k) => k in changes);
    const saved: string[] = [];
    try {
      const stored: {
        kind: 'photo' | 'citizenship';
        name: string;
        file: (typeof checked)[number]['file'];
      }[] = [];
      for (const c of checked) {
        const name = await this.store.save(c.file);
        saved.push(name);
        stored.push({ kind: c.kind, name, file: c.file });
      }
      await this.db.transaction(async (tx) => {
        const extra: Partial<typeof applications.$inferInsert> = {};
        if (reassess) {
          const bill = await this.assess(tx, { ...current, ...columns });
          extra.bill = bill;
          const before = current.bill as Bill | null;
          if (before?.total !== bill.total)
            changes.bill = { from: before?.total ?? null, to: bill.total };
        }
        const updated = await tx
          .update(applications)
          .set({ ...columns, ...extra, appStatus: to, updatedAt: new Date() })
          .where(and(eq(applications.id, id), eq(applications.appStatus, current.appStatus)))
          .returning({ id: applications.id });
        if (updated.length !== 1) throw AppError.conflict();
        if (changes.owners) await this.saveOwners(tx, id, owners);
        for (const s of stored) {
          const [row] = await tx
            .insert(files)
            .values({
              ownerUserId: current.userId,
              originalName: s.file.originalName,
              storedName: s.name,
              mime: s.file.mime,
              sizeBytes: s.file.data.length,
              sha256: s.file.sha256,
            })
            .returning({ id: files.id });
          await tx
            .delete(applicationDocuments)
            .where(
              and(
                eq(applicationDocuments.applicationId, id),
                eq(applicationDocuments.kind, s.kind),
              ),
            );
          await tx
            .insert(applicationDocuments)
            .values({ applicationId: id, kind: s.kind, fileId: row.id });
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
    if (!this.actionsFor(actor, current.appStatus, current.userId).includes(action)) {
      // Distinguish "not allowed for you" from "not allowed now".
      const to = nextStatus(current.appStatus, action);
      if (to === null) throw AppError.conflict();
      throw AppError.forbidden();
    }
    const to = nextStatus(current.appStatus, action)!;
    await this.db.transaction(async (tx) => {
      const extra = opts.effect ? await opts.effect(tx, current) : {};
      const updated = await tx
        .update(applications)
        .set({ ...extra, appStatus: to, updatedAt: new Date() })
        .where(and(eq(applications.id, id), eq(applications.appStatus, current.appStatus)))
        .returning({ id: applications.id });
      if (updated.length !== 1) throw AppError.conflict();
      await tx.insert(applicationHistory).values({
        applicationId: id,
        userId: actor.id,
        action,
        fromStatus: current.appStatus,
        toStatus: to,
        remarks: opts.remarks ?? null,
      });
      await audit(tx, {
        userId: actor.id,
        action: `application.${action}`,
        entity: 'applications',
        entityId: id,
        data: { from: current.appStatus, to, remarks: opts.remarks ?? null },
        ip: opts.ip,
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

  /** The bill of `app` from the tax setup of its fiscal year (422 when no band matches). */
  private async assess(
    tx: Tx,
    app: Pick<
      typeof applications.$inferSelect,
      'fiscalYearId' | 'businessTypeId' | 'capitalCurrent' | 'isRenewal' | 'rentMonthly'
    > & { rentTaxPeriodMonths: number | null },
  ): Promise<Bill> {
    const fyId = app.fiscalYearId ?? (await this.currentFiscalYear(tx)).id;
    const bands = await tx
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
    try {
      return assessFees({
        bands,
        capital: app.capitalCurrent,
        isRenewal: app.isRenewal,
        fiscalYearsDue: 1,
        monthsLate: 0,
        renewedBeforeExpiry: false,
        rent:
          app.rentMonthly && app.rentTaxPeriodMonths
            ? { monthly: app.rentMonthly, months: app.rentTaxPeriodMonths }
            : null,
        settings: await this.feeSettings(tx),
      });
    } catch (e) {
      if (e instanceof FeeError && e.code === 'no-tax-band') {
        throw new AppError(422, 'NO_TAX_BAND', 'errors.noTaxBand');
      }
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
    receipt: UploadedFile | undefined,
    ip: string,
  ) {
    const checked = receipt ? checkUpload('receipt', receipt) : null;
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
   * Approve: assigns the next gapless registration number of the current fiscal year
   * (`<serial>/<fiscal year>`, e.g. 145/2082-83, DESIGN.md §4), sets registration date
   * (today, AD) and expiry (last day of the fiscal year, Ashadh end) and issues the
   * certificate. The counter row is updated inside the transaction, so a failed approval
   * leaves no gap.
   */
  approve(actor: Actor, id: number, remarks: string | null, ip: string) {
    return this.transition(actor, id, 'approve', {
      remarks,
      ip,
      effect: async (tx, app) => {
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
        const [cert] = await tx
          .insert(certificates)
          .values({
            applicationId: app.id,
            registrationNo,
            fiscalYearId: fy.id,
            verifyCode: `pending-${app.id}-${counter.serial}-${fy.id}`,
            validUntil: fy.endDate,
          })
          .returning({ id: certificates.id });
        await tx
          .update(certificates)
          .set({ verifyCode: this.verifyCode(cert.id, registrationNo) })
          .where(eq(certificates.id, cert.id));
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

  /** SPEC §3 dashboard counts, scoped like the list. Paid amount in paisa. */
  async dashboard(actor: Actor) {
    const scope = scopeOf(actor);
    const base = and(isNull(applications.deletedOn), scope);
    const counts = await this.db
      .select({ status: applications.appStatus, n: sql<number>`count(*)::int` })
      .from(applications)
      .where(base)
      .groupBy(applications.appStatus);
    const by = (s: AppStatus) => counts.find((c) => c.status === s)?.n ?? 0;
    const [{ paid }] = await this.db
      .select({ paid: sql<number>`coalesce(sum(${payments.total}), 0)::bigint` })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .where(and(base, eq(payments.payStatus, 'completed')));
    let userCount = 1;
    if (actor.userType === 'systemadmin') {
      const [{ n }] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(isNull(users.deletedOn));
      userCount = n;
    } else if (actor.userType === 'wardadmin') {
      const [{ n }] = await this.db
        .select({ n: sql<number>`count(distinct ${applications.userId})::int` })
        .from(applications)
        .where(base);
      userCount = n;
    }
    return {
      total: counts.reduce((s, c) => s + c.n, 0),
      pending: by('pending'),
      verified: by('verified'),
      paid: by('paid'),
      approved: by('approved'),
      rejected: by('rejected'),
      cancelled: by('cancelled'),
      paidAmount: Number(paid),
      users: userCount,
    };
  }
}
