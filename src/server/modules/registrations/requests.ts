/**
 * Requests about an approved registration (issue 19 §1–3): amendment (संशोधन), closure
 * (खारेजी) and duplicate certificate (प्रतिलिपि). A request is an application of its own
 * (`service`, `subjectId` = the registration) that copies the registration's details, so it is
 * scoped, listed, verified (billed by assessRequestFees), paid and approved like any other;
 * its approval changes the registration (`applyRequest`, inside the approving transaction).
 *
 * - amendment: the request holds the registration as it should become; approval copies the
 *   amended sections onto the registration (a ward transfer moves it to the new ward's
 *   admins), records before and after in its history and issues a new certificate version
 *   with the same registration number (the older ones then show as superseded);
 * - closure: approval closes the registration (status `closed`, `closedOn`); its certificates
 *   then show as closed on the public check, and it is no longer renewable or reminded;
 * - duplicate: approval issues a copy of the current certificate marked as a duplicate.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import type { RegistrationRequest } from '../../../shared/lifecycle.js';
import {
  AMENDMENT_SECTION_KEYS,
  AMENDMENT_SECTIONS,
  type Amendment,
  type AmendmentSection,
  type ServiceData,
} from '../../../shared/schemas/services.js';
import type { Db, Tx } from '../../db/client.js';
import {
  applicationDocuments,
  applicationHistory,
  applications,
  businessTypes,
  certificates,
  wards,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';
import { issueCertificate } from '../certificates/index.js';
import { visibleApplication, type Actor, type AppRow } from './access.js';
import { assignSubmissionNo, provisionalSubmissionNo } from './numbering.js';
import { normalOwners, ownersOf, saveOwners, type Owner } from './owners.js';
import { checkReferences } from './references.js';

/** Statuses in which a request is still in progress (one of each kind per registration). */
export const OPEN_REQUEST = ['pending', 'verified', 'paid', 'rejected'] as const;

/**
 * Why a request cannot be made about `reg` (a translation key for a 409), or null: it must
 * be an approved registration (not a request or renewal) with a registration number.
 */
export function requestBlockOf(reg: Pick<AppRow, 'service' | 'appStatus' | 'registrationNo'>) {
  if (reg.service !== 'registration' || !reg.registrationNo) return 'errors.notARegistration';
  if (reg.appStatus === 'closed') return 'errors.registrationClosed';
  if (reg.appStatus !== 'approved') return 'errors.notARegistration';
  return null;
}

/**
 * A registration's columns a request copies: not its number, dates, bill, closure or service
 * (a renewal request copies the same, renewals.ts).
 */
export function registrationDetails(reg: AppRow) {
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
    service: _s,
    subjectId: _si,
    serviceData: _sd,
    closedOn: _co,
    ...details
  } = reg;
  return details;
}

type Columns = Partial<typeof applications.$inferInsert>;

/** The application columns of an amendment's sections (owners live in their own table). */
function amendedColumns(a: Amendment): Columns {
  const { owners: _o, remarks: _r, ...columns } = a;
  return columns as Columns;
}

const same = (x: unknown, y: unknown) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);

/**
 * What an amendment changes: per changed field its value before and after (owners as one
 * field, normalised), and the sections they belong to. `before`/`after` are application rows
 * (or the amended columns) and their owners.
 */
export function amendmentChanges(
  before: Columns,
  beforeOwners: Owner[],
  after: Columns,
  afterOwners: Owner[],
): { sections: AmendmentSection[]; changes: Record<string, { from: unknown; to: unknown }> } {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const sections: AmendmentSection[] = [];
  for (const section of AMENDMENT_SECTION_KEYS) {
    let changed = false;
    for (const field of AMENDMENT_SECTIONS[section]) {
      if (field === 'owners') {
        const [from, to] = [normalOwners(beforeOwners), normalOwners(afterOwners)];
        if (!same(from, to)) [changes.owners, changed] = [{ from, to }, true];
        continue;
      }
      const [from, to] = [before[field as keyof Columns], after[field as keyof Columns]];
      if (!same(from, to)) [changes[field], changed] = [{ from, to }, true];
    }
    if (changed) sections.push(section);
  }
  return { sections, changes };
}

type Changes = Record<string, { from: unknown; to: unknown }>;

/** `changes` with the ward and business type ids replaced by `{id, number?, nameEn, nameNe}`. */
async function withNames(db: Db | Tx, changes: Changes): Promise<Changes> {
  const out = { ...changes };
  const ward = async (id: unknown) => {
    const [w] = typeof id === 'number' ? await db.select().from(wards).where(eq(wards.id, id)) : [];
    return w ? { id, number: w.number, nameEn: w.nameEn, nameNe: w.nameNe } : id;
  };
  const type = async (id: unknown) => {
    const [t] =
      typeof id === 'number'
        ? await db.select().from(businessTypes).where(eq(businessTypes.id, id))
        : [];
    return t ? { id, nameEn: t.nameEn, nameNe: t.nameNe } : id;
  };
  if (out.wardId) out.wardId = { from: await ward(out.wardId.from), to: await ward(out.wardId.to) };
  if (out.businessTypeId) {
    const { from, to } = out.businessTypeId;
    out.businessTypeId = { from: await type(from), to: await type(to) };
  }
  return out;
}

interface RequestInput {
  id: number;
  service: RegistrationRequest;
  /** an amendment's sections as they should become; absent for closure and duplicate */
  amendment?: Amendment;
  data: ServiceData;
  remarks: string | null;
  ip: string;
  lang: string;
}

/**
 * Files a request about registration `req.id` as `actor`: a pending application of
 * `req.service` with the registration's details (an amendment's changed ones instead), its
 * owners, photo and citizenship. 404 when not visible; 409 when it is not an approved
 * registration (requestBlockOf) or such a request is already in progress (also when two
 * arrive at once: the open-request unique index); 422 when an amendment changes nothing or
 * names a ward or business type that is not in the setup.
 */
export async function fileRequest(
  db: Db,
  actor: Actor,
  req: RequestInput,
): Promise<{ id: number; submissionNo: string }> {
  const reg = await visibleApplication(db, actor, req.id);
  const block = requestBlockOf(reg);
  if (block) throw AppError.conflict(block);
  let columns: Columns = {};
  let owners = await ownersOf(db, reg.id);
  let data = req.data;
  if (req.amendment) {
    await checkReferences(db, {
      ...reg,
      ...amendedColumns(req.amendment),
    } as unknown as Parameters<typeof checkReferences>[1]);
    columns = amendedColumns(req.amendment);
    const after = req.amendment.kind === 'multiple' ? req.amendment.owners : [];
    const { sections, changes } = amendmentChanges(reg, owners, columns, after);
    if (!sections.length) throw AppError.validation({ form: ['validation.noChanges'] });
    owners = after.map((o, i) => ({ position: i + 1, ...o }));
    data = { service: 'amendment', sections, changes: await withNames(db, changes) };
  }
  const fy = await currentFiscalYear(db);
  return db.transaction(async (tx) => {
    const [app] = await tx
      .insert(applications)
      .values({
        ...registrationDetails(reg),
        ...columns,
        appStatus: 'pending',
        service: req.service,
        subjectId: reg.id,
        serviceData: data,
        isRenewal: false,
        isOldRegistration: false,
        fiscalYearId: fy.id,
        submissionNo: provisionalSubmissionNo(),
        submissionDate: todayAd(),
        renewProofFileId: null,
        oldCertificateFileId: null,
        lang: actor.id === reg.userId ? req.lang : reg.lang,
      })
      .onConflictDoNothing()
      .returning({ id: applications.id });
    if (!app) throw AppError.conflict('errors.requestOpen');
    const submissionNo = await assignSubmissionNo(tx, fy.slug, app.id);
    await saveOwners(tx, app.id, owners);
    const carried = await tx
      .select({ kind: applicationDocuments.kind, fileId: applicationDocuments.fileId })
      .from(applicationDocuments)
      .where(
        and(
          eq(applicationDocuments.applicationId, reg.id),
          inArray(applicationDocuments.kind, ['photo', 'citizenship']),
        ),
      );
    if (carried.length)
      await tx
        .insert(applicationDocuments)
        .values(carried.map((c) => ({ applicationId: app.id, ...c })));
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
      action: `application.${req.service}.submit`,
      entity: 'applications',
      entityId: app.id,
      data: { of: reg.id, ...data },
      ip: req.ip,
    });
    return { id: app.id, submissionNo };
  });
}

/** The registration a request is about, locked for the approving transaction; 409 if gone. */
async function lockedSubject(tx: Tx, request: AppRow) {
  const [reg] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, request.subjectId!), isNull(applications.deletedOn)))
    .for('update');
  const block = reg ? requestBlockOf(reg) : 'errors.notARegistration';
  if (block) throw AppError.conflict(block);
  return reg!;
}

/** The registration's current certificate (the newest), 409 when it has none. */
async function currentCertificate(tx: Tx, applicationId: number) {
  const [cert] = await tx
    .select()
    .from(certificates)
    .where(eq(certificates.applicationId, applicationId))
    .orderBy(desc(certificates.id))
    .limit(1);
  if (!cert) throw AppError.conflict('errors.noCertificate');
  return cert;
}

/**
 * Approval of a request (issue 19), inside the approving transaction after the request's
 * status compare-and-set: changes the registration as the module comment says, with a history
 * entry and an audit row on it. 409 when the registration is no longer an approved one (closed
 * or terminated meanwhile). Returns nothing to set on the request row itself.
 */
export async function applyRequest(
  tx: Tx,
  signingKey: string,
  r: { actor: Actor; request: AppRow; ip: string; remarks: string | null },
): Promise<Columns> {
  const { actor, request } = r;
  const reg = await lockedSubject(tx, request);
  const cert = await currentCertificate(tx, reg.id);
  let set: Columns = {};
  let changes: Record<string, { from: unknown; to: unknown }> = {
    request: { from: null, to: request.submissionNo },
  };
  let toStatus = reg.appStatus;
  if (request.service === 'amendment') {
    const after = await ownersOf(tx, request.id);
    const diff = amendmentChanges(reg, await ownersOf(tx, reg.id), request, after);
    set = Object.fromEntries(
      Object.keys(diff.changes)
        .filter((k) => k !== 'owners')
        .map((k) => [k, request[k as keyof AppRow]]),
    );
    // the history shows the ward and business type by name, as the request does
    changes = { ...changes, ...(await withNames(tx, diff.changes)) };
    if (diff.changes.owners) await saveOwners(tx, reg.id, after);
  } else if (request.service === 'closure') {
    set = { appStatus: 'closed', closedOn: todayAd() };
    toStatus = 'closed';
  }
  await tx
    .update(applications)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(applications.id, reg.id));
  if (request.service !== 'closure') {
    await issueCertificate(tx, signingKey, {
      applicationId: reg.id,
      registrationNo: reg.registrationNo!,
      fiscalYearId: cert.fiscalYearId,
      validUntil: cert.validUntil,
      kind: request.service === 'amendment' ? 'amendment' : 'duplicate',
      requestId: request.id,
    });
  }
  const action =
    request.service === 'closure'
      ? 'close'
      : request.service === 'amendment'
        ? 'amend'
        : 'duplicate';
  await tx.insert(applicationHistory).values({
    applicationId: reg.id,
    userId: actor.id,
    action,
    fromStatus: reg.appStatus,
    toStatus,
    remarks: r.remarks,
    changes,
  });
  await audit(tx, {
    userId: actor.id,
    action: `application.${action}`,
    entity: 'applications',
    entityId: reg.id,
    data: { requestId: request.id, changes },
    ip: r.ip,
  });
  return {};
}
