/**
 * The application detail page's read model (information, history and images tabs, with what
 * the actor may do next), loaded in ONE statement (issue 14 §2): the application row joined
 * to its names, and correlated json subqueries for its documents, history, payments, latest
 * certificate, owners, the registration it renews, its open renewal, a request's registration
 * and a registration's requests (request-detail.ts, issue 19), and the facts of a fee
 * estimate (tax bands, fee settings); a checklist history entry carries the names of the
 * checkboxes it names (`checkNames`), so the history reads as names, not ids (issue 17 §7).
 * Everything else is decided in memory from that row.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Bill, TaxBand } from '../../../shared/fees.js';
import { translate, type Lang } from '../../../shared/i18n/index.js';
import { hasAnyPermission } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { applications, businessTypes, fiscalYears, wards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { placeAliases } from '../../lib/places.js';
import { preparedQuery, type PreparedTerms } from '../../lib/list-prepared.js';
import { preparedScopeOf } from '../../lib/scope.js';
import { estimateFrom, feeSettingsOf } from '../billing/index.js';
import { actionsFor, canCheckDocuments, canEdit, kindBlock, type Actor } from './access.js';
import { DOCUMENT_KINDS } from './documents.js';
import { renewalWindowSql } from '../settings/index.js';
import { renewBlockOf } from './renewals.js';
import { canRequest, requestRelated } from './request-detail.js';

const { city: pCity, district: pDistrict, state: pState } = placeAliases('p');

interface DocumentRow {
  id: number;
  kind: string;
  fileId: number;
  mime: string;
  originalName: string;
  sizeBytes: number;
  checks: number[];
  requiredFileId: number | null;
  requiredNameEn: string | null;
  requiredNameNe: string | null;
}

interface HistoryRow {
  id: number;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  remarks: string | null;
  changes: unknown;
  createdAt: string;
  byName: string | null;
  byUserType: string | null;
  /** checklist entries: the names of the checkboxes their ids name (issue 17 §7) */
  checkNames: Record<string, { nameEn: string; nameNe: string }> | null;
}

interface PaymentRow {
  id: number;
  businessTax: number;
  fine: number;
  rentTax: number;
  adminCost: number;
  discount: number;
  total: number;
  paidDate: string | null;
  receiptNo: string | null;
  receiptFileId: number | null;
  channel: string;
  payStatus: string;
}

/** `select coalesce(json_agg(<object> order by <order>), '[]') from <from>`, typed as T[]. */
const jsonList = <T>(object: string, from: string, order: string) =>
  sql<T[]>`(select coalesce(json_agg(${sql.raw(object)} order by ${sql.raw(order)}), '[]'::json)
    from ${sql.raw(from)})`;

/** The json subqueries of the detail row, correlated to the outer `applications` row. */
function related() {
  const app = sql.raw('"applications"');
  return {
    documents: jsonList<DocumentRow>(
      `json_build_object('id', d.id, 'kind', d.kind, 'fileId', d.file_id, 'mime', f.mime,
        'originalName', f.original_name, 'sizeBytes', f.size_bytes, 'checks', d.checks,
        'requiredFileId', d.required_file_id, 'requiredNameEn', r.name_en,
        'requiredNameNe', r.name_ne)`,
      `application_documents d join files f on f.id = d.file_id
        left join required_files r on r.id = d.required_file_id
        where d.application_id = "applications"."id"`,
      'd.id',
    ),
    history: jsonList<HistoryRow>(
      `json_build_object('id', h.id, 'action', h.action, 'fromStatus', h.from_status,
        'toStatus', h.to_status, 'remarks', h.remarks, 'changes', h.changes,
        'createdAt', h.created_at, 'byName', u.name, 'byUserType', u.user_type,
        'checkNames', (select json_object_agg(c.id, json_build_object('nameEn', c.name_en,
            'nameNe', c.name_ne))
          from checkboxes c
          where h.action = 'checklist' and jsonb_typeof(h.changes) = 'object'
            and c.id::text in (select jsonb_array_elements_text(e.value -> side)
              from jsonb_each(h.changes) e, unnest(array['from', 'to']) side
              where jsonb_typeof(e.value -> side) = 'array')))`,
      `application_history h left join users u on u.id = h.user_id
        where h.application_id = "applications"."id"`,
      'h.id',
    ),
    payments: jsonList<PaymentRow>(
      `json_build_object('id', p.id, 'businessTax', p.business_tax, 'fine', p.fine,
        'rentTax', p.rent_tax, 'adminCost', p.admin_cost, 'discount', p.discount,
        'total', p.total, 'paidDate', p.paid_date, 'receiptNo', p.receipt_no,
        'receiptFileId', p.receipt_file_id, 'channel', p.channel, 'payStatus', p.pay_status)`,
      `payments p where p.application_id = "applications"."id"`,
      'p.id',
    ),
    owners: jsonList<{
      position: number;
      name: string;
      fatherOrHusbandName: string | null;
      citizenshipNo: string | null;
    }>(
      `json_build_object('position', o.position, 'name', o.name,
        'fatherOrHusbandName', o.father_or_husband_name, 'citizenshipNo', o.citizenship_no)`,
      `application_owners o where o.application_id = "applications"."id"`,
      'o.position',
    ),
    certificate: sql<{
      id: number;
      registrationNo: string;
      verifyCode: string;
      revoked: boolean;
      kind: 'issue' | 'amendment' | 'duplicate';
    } | null>`(select json_build_object('id', c.id, 'registrationNo', c.registration_no,
        'verifyCode', c.verify_code, 'revoked', c.revoked_at is not null, 'kind', c.kind)
      from certificates c where c.application_id = ${app}.id order by c.id desc limit 1)`,
    renewalOf: sql<{
      id: number;
      registrationNo: string | null;
      businessName: string;
      expiryDate: string | null;
    } | null>`(select json_build_object('id', r.id, 'registrationNo', r.registration_no,
        'businessName', r.business_name, 'expiryDate', r.expiry_date)
      from applications r where r.id = ${app}.renewal_of_id)`,
    openRenewalId: sql<number | null>`(select o.id from applications o
      where o.renewal_of_id = ${app}.id and o.deleted_on is null
        and o.app_status in ('pending', 'verified', 'paid', 'rejected') limit 1)`,
    feeYearId: sql<number | null>`coalesce(${app}.fiscal_year_id, (select y.id from fiscal_years y
      where y.is_current and y.deleted_on is null limit 1))`,
    bands: jsonList<TaxBand>(
      `json_build_object('id', t.id, 'minCapital', t.min_capital, 'maxCapital', t.max_capital,
        'taxAmount', t.tax_amount, 'renewAmount', t.renew_amount, 'renewFine', t.renew_fine,
        'renewDiscount', t.renew_discount, 'amendmentFee', t.amendment_fee,
        'closureFee', t.closure_fee, 'duplicateFee', t.duplicate_fee)`,
      `tax_setups t where t.business_type_id = "applications"."business_type_id"
        and t.status = 1 and t.deleted_on is null
        and t.fiscal_year_id = coalesce("applications"."fiscal_year_id", (select y.id
          from fiscal_years y where y.is_current and y.deleted_on is null limit 1))`,
      't.id',
    ),
    feeSettings: sql<unknown>`(select s.value from settings s where s.key = 'fees')`,
    renewalWindowDays: renewalWindowSql,
    ...requestRelated(),
  };
}

/** The detail query, its id and scope as placeholders (`id`, `scope`). */
function detailQuery(db: Db, scope: PreparedTerms) {
  return db
    .select({
      a: applications,
      businessType: { nameEn: businessTypes.nameEn, nameNe: businessTypes.nameNe },
      ward: { id: wards.id, number: wards.number, nameEn: wards.nameEn, nameNe: wards.nameNe },
      permState: { nameEn: pState.nameEn, nameNe: pState.nameNe },
      permDistrict: { nameEn: pDistrict.nameEn, nameNe: pDistrict.nameNe },
      permCity: { nameEn: pCity.nameEn, nameNe: pCity.nameNe },
      fiscalYear: { code: fiscalYears.code, nameNe: fiscalYears.nameNe },
      ...related(),
    })
    .from(applications)
    .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .innerJoin(pState, eq(pState.id, applications.permStateId))
    .innerJoin(pDistrict, eq(pDistrict.id, applications.permDistrictId))
    .innerJoin(pCity, eq(pCity.id, applications.permCityId))
    .leftJoin(fiscalYears, eq(fiscalYears.id, applications.fiscalYearId))
    .where(and(sql`${applications.id} = ${sql.placeholder('id')}`, ...scope.terms));
}

type DetailRow = Awaited<ReturnType<typeof detailQuery>>[number];

/**
 * The detail row of application `id` if `actor` may see it: one statement, prepared once per
 * scope's shape (lib/list-prepared.ts preparedQuery; issue 18 §3).
 */
async function detailRow(db: Db, actor: Actor, id: number): Promise<DetailRow> {
  const scope = preparedScopeOf(actor);
  const q = preparedQuery<DetailRow>(db, `detail|${scope.key}`, () => detailQuery(db, scope));
  const [row] = await q.execute({ ...scope.values, id });
  if (!row) throw AppError.notFound();
  return row;
}

/** The fee estimate shown before verification, or null once a bill exists or none applies. */
function estimateOf(row: DetailRow, lang: Lang) {
  const a = row.a;
  if (a.bill || (a.appStatus !== 'pending' && a.appStatus !== 'rejected')) return null;
  if (kindBlock(a, 'verify')) return null;
  const e = estimateFrom(a, {
    fiscalYearId: row.feeYearId,
    bands: row.bands,
    settings: feeSettingsOf(row.feeSettings),
    renewalExpiry: a.isRenewal && a.renewalOfId ? (row.renewalOf?.expiryDate ?? null) : undefined,
    subjectExpiry: row.subject?.expiryDate ?? null,
  });
  return { bill: e.bill, problem: e.problem ? translate(lang, e.problem) : null };
}

/**
 * Full detail for the detail page, with what the actor may do next (allowedActions, canEdit,
 * canRenew, canCheckDocuments). 404 when not visible. `lang` picks the language of the fee
 * estimate's problem text. Dates AD; money paisa; timestamps ISO 8601 UTC.
 */
export async function applicationDetail(db: Db, actor: Actor, id: number, lang: Lang = 'en-US') {
  const row = await detailRow(db, actor, id);
  const { deletedOn: _d, ...a } = row.a;
  const canRenew =
    hasAnyPermission(actor.permissions, ['renew-applications']) &&
    !renewBlockOf(a, row.openRenewalId !== null, row.renewalWindowDays);
  return {
    ...a,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    businessType: row.businessType,
    ward: row.ward,
    permState: row.permState,
    permDistrict: row.permDistrict,
    permCity: row.permCity,
    fiscalYear: row.fiscalYear,
    bill: (a.bill as Bill | null) ?? null,
    estimate: estimateOf(row, lang),
    documents: row.documents.map(({ requiredNameEn, requiredNameNe, ...d }) => ({
      ...d,
      nameEn: requiredNameEn ?? DOCUMENT_KINDS[d.kind]?.en ?? d.kind,
      nameNe: requiredNameNe ?? DOCUMENT_KINDS[d.kind]?.ne ?? d.kind,
    })),
    renewalOf: row.renewalOf,
    openRenewalId: a.isRenewal ? null : row.openRenewalId,
    subject: row.subject,
    openRequests: row.openRequests ?? {},
    duplicates: row.duplicates.map((d) => ({ ...d, issuedAt: new Date(d.issuedAt).toISOString() })),
    canRequest: canRequest(actor, a, row.openRequests),
    canRenew,
    canCheckDocuments: canCheckDocuments(actor, a.appStatus),
    history: row.history.map((h) => ({ ...h, createdAt: new Date(h.createdAt).toISOString() })),
    payments: row.payments,
    certificate: row.certificate,
    owners: row.owners,
    allowedActions: actionsFor(actor, a),
    canEdit: canEdit(actor, a.appStatus, a.userId, a.subjectId),
  };
}
