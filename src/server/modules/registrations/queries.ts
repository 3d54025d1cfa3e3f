/**
 * Read models of applications, scoped like everything else (lib/scope.ts): the applications
 * list and its export, renewRegistrationList and its export (SPEC §2), and the fee quote
 * before submitting. The detail page is detail.ts.
 *
 * Lists are keyset pages with a bounded count (lib/list.ts; issue 8 "a deep page as fast as
 * page 1"); exports stream the same query in keyset batches (lib/export.ts listBatches).
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { todayAd } from '../../../shared/bs-date.js';
import type { ListQuery } from '../../../shared/schemas/list.js';
import type { Db } from '../../db/client.js';
import { APPLICATION_STATUSES, applications, businessTypes, wards } from '../../db/schema.js';
import { listBatches, type ExportQuery } from '../../lib/export.js';
import {
  boolValue,
  enumValue,
  f,
  filterTerms,
  listPlan,
  SORT_VALUE,
  type ListSpec,
} from '../../lib/list.js';
import { preparedBoundedCount, preparedListPlan } from '../../lib/list-prepared.js';
import { preparedScopeOf, scopeOf, type Actor } from '../../lib/scope.js';
import { hasAnyPermission } from '../../../shared/permissions.js';
import { boundSessionCheck, sessionCheckSql, type SessionGuard } from '../../plugins/auth.js';
import { estimate } from '../billing/index.js';
import { visibleApplication } from './access.js';
import { counterCount } from './counter-count.js';
import { renewalWindowSql } from '../settings/index.js';
import { daysBetween, OPEN_RENEWAL, renewBlockOf } from './renewals.js';

/**
 * What the search box of the applications and renewals lists searches (issue 18 §1): the
 * names, the numbers (an old registration's paper number too) and the applicant's phones, by
 * their words (`search_words`, generated from these columns by migration 0022, GIN-indexed;
 * lib/search.ts wordsQuery); ranked by lib/search.ts relevanceRank.
 */
const APPLICATION_SEARCH = f.rankedSearch({
  words: {
    column: sql`"applications"."search_words"`,
    among: (match) =>
      sql`${applications.id} = any(array(select w.id from applications w where w.deleted_on is null and w.search_words @@ ${match}))`,
    statistics: { table: 'applications', column: 'search_words' },
  },
  names: [applications.businessName, applications.ownerName],
  numbers: [
    applications.submissionNo,
    applications.registrationNo,
    applications.oldRegistrationNo,
    applications.locMobile,
    applications.applicantContact,
  ],
});

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
    q: APPLICATION_SEARCH,
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

/**
 * What an applicant's own rows add (issue 17 §1, the applicant home): the bill's total, the
 * rejection's remarks, a pending online payment, the renewal in progress. Subqueries of the
 * same statement, evaluated for the page's rows only; staff lists do not ask for them.
 */
const OWN_COLUMNS = {
  renewalWindowDays: renewalWindowSql,
  kind: applications.kind,
  isRenewal: applications.isRenewal,
  renewalOfId: applications.renewalOfId,
  service: applications.service,
  subjectId: applications.subjectId,
  isOldRegistration: applications.isOldRegistration,
  billTotal: sql<number | null>`(${applications.bill}->>'total')::bigint`.mapWith(Number),
  rejectionReason: sql<string | null>`case when ${applications.appStatus} = 'rejected' then
    (select h.remarks from application_history h where h.application_id = ${applications.id}
      and h.action = 'reject' order by h.id desc limit 1) end`,
  paymentPending: sql<boolean>`exists (select 1 from payments p
    where p.application_id = ${applications.id} and p.pay_status = 'pending'
      and p.replaced_at is null)`,
  openRenewalId: sql<number | null>`(select o.id from applications o
    where o.renewal_of_id = ${applications.id} and o.deleted_on is null
      and o.app_status in ('pending', 'verified', 'paid', 'rejected') limit 1)`,
};

/** The list is the actor's own applications (an applicant's, lib/scope.ts). */
const ownScope = (actor: Actor) =>
  actor.userType !== 'systemadmin' && actor.userType !== 'wardadmin';

/** renewRegistrationList: sorting and filters (issue 4 §5). */
export const RENEWAL_LIST: ListSpec = {
  sortable: {
    id: applications.id,
    registrationNo: applications.registrationNo,
    businessName: applications.businessName,
    expiryDate: applications.expiryDate,
  },
  filters: {
    q: APPLICATION_SEARCH,
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

type ExportFilter = Pick<ExportQuery, 'filters' | 'sortBy' | 'descending'>;

/** The applications under `where`, as lib/list.ts boundedTotal counts them. */
function countOf(db: Db, where: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(applications)
    .where(where)
    .$dynamic();
}

/** The exact number of applications under `where` (an export's progress total). */
async function totalOf(db: Db, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(applications)
    .where(where);
  return total;
}

/**
 * The list's row query: the columns (an applicant's own rows with OWN_COLUMNS), `select`, and
 * with `guarded` the session check (plugins/auth.ts sessionCheckSql) as `_session`.
 */
function applicationRows(
  db: Db,
  own: boolean,
  select: Record<typeof SORT_VALUE, SQL | PgColumn>,
  session?: SQL<boolean>,
) {
  // every row says what it asks for (issue 19: the list's service badge)
  const fields = {
    ...LIST_COLUMNS,
    service: applications.service,
    ...(own ? OWN_COLUMNS : {}),
    ...select,
  };
  // (not in the row type: listPage takes it off before the rows are answered)
  if (session) Object.assign(fields, { _session: session });
  return (where: SQL | undefined) =>
    db
      .select(fields)
      .from(applications)
      .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
      .innerJoin(wards, eq(wards.id, applications.wardId))
      .where(where);
}

/**
 * Paged list (SPEC §3 generic list query), scoped: a keyset page or a bounded OFFSET. An
 * applicant's own rows carry OWN_COLUMNS and `canRenew` (renewals.ts renewBlockOf), in the
 * same statement. Prepared statements per shape (lib/list-prepared.ts preparedListPlan), the
 * text search's too; counted from the counters where they can (counterCount), a search up to
 * the rank cap, else bounded.
 */
export async function listApplications(db: Db, actor: Actor, q: ListQuery) {
  return (await listPage(db, actor, q))!;
}

/**
 * `listApplications` for a request authenticated from memory (plugins/auth.ts SessionGuard):
 * the page's statement also confirms the session, in the same snapshot as the rows (a search's
 * too, with the guard's values bound: issue 18 §3). Null when it does not stand, or cannot be
 * told (no rows): the caller then looks the session up in full (`confirmSession`) and lists
 * again without a guard.
 */
export async function listApplicationsGuarded(
  db: Db,
  actor: Actor,
  q: ListQuery,
  guard: SessionGuard,
) {
  return listPage(db, actor, q, guard);
}

/** True when a guarded page's rows confirm the session (`_session`); false without rows. */
const sessionStands = (raw: readonly object[]) =>
  raw.length > 0 && (raw[0] as { _session?: boolean })._session === true;

async function listPage(db: Db, actor: Actor, q: ListQuery, guard?: SessionGuard) {
  const own = ownScope(actor);
  const inlineBase = [isNull(applications.deletedOn), scopeOf(actor)];
  const prepared = preparedListPlan(
    APPLICATION_LIST,
    q,
    preparedScopeOf(actor),
    `applications|${own ? 'own' : 'staff'}|${guard ? 'guarded' : ''}`,
    inlineBase,
  );
  let page;
  if (prepared) {
    // a search is counted by its WHERE (lib/list-prepared.ts), any other list from the counters
    // where they can, else bounded
    const count = prepared.searching
      ? (w: SQL | undefined) => countOf(db, w)
      : (counterCount(db, actor, prepared) ??
        preparedBoundedCount(db, prepared.countKey, () => countOf(db, prepared.where)));
    const check = guard && { values: guard.values, ok: sessionStands, session: sessionCheckSql };
    page = await prepared.page(
      db,
      applicationRows(db, own, prepared.select, guard ? sessionCheckSql : undefined),
      count,
      check,
    );
    if (!page) return null;
  } else {
    // a custom filter: its SQL is built for this request, the guard's values bound
    const plan = listPlan(APPLICATION_LIST, q, inlineBase);
    const check = guard ? boundSessionCheck(guard) : undefined;
    const read = await plan.page(
      db,
      applicationRows(db, own, plan.select, check),
      (w) => countOf(db, w),
      check,
    );
    // Read in the remembered user's scope: answered only if every check that ran (the search's
    // count; the page, when it has rows) found the session as remembered, and one did.
    if (guard) {
      const checks = [read.rows.length ? sessionStands(read.rows) : undefined, read.session];
      if (!checks.some((c) => c !== undefined) || checks.includes(false)) return null;
    }
    page = read;
  }
  const mayRenew = hasAnyPermission(actor.permissions, ['renew-applications']);
  return {
    data: page.rows.map((r) => {
      // (no `delete`: it would turn each row into a slow dictionary-mode object)
      const { _session, ...rest0 } = r as typeof r & { _session?: boolean };
      void _session;
      const row = { ...rest0, createdAt: r.createdAt.toISOString() };
      if (!own) return row;
      const o = r as typeof r & {
        isRenewal: boolean;
        openRenewalId: number | null;
        renewalWindowDays: number;
      };
      const { renewalWindowDays, ...rest } = row as typeof row & { renewalWindowDays?: number };
      void renewalWindowDays;
      return {
        ...rest,
        canRenew: mayRenew && !renewBlockOf(o, o.openRenewalId !== null, o.renewalWindowDays),
      };
    }),
    meta: page.meta,
  };
}

/**
 * The applications list with the list's filters, scope and sort, for an export (issue 7 §4):
 * the row count and the rows in keyset batches, so a large list streams.
 */
export async function exportApplications(db: Db, actor: Actor, q: ExportFilter) {
  const where = and(
    isNull(applications.deletedOn),
    scopeOf(actor),
    ...filterTerms(APPLICATION_LIST, q.filters ?? {}),
  );
  const total = await totalOf(db, where);
  const batches = listBatches(APPLICATION_LIST, q, (seek, orderBy, limit, select) =>
    db
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

/** The conditions of renewRegistrationList: approved, not a renewal, within the window. */
function renewalBase(actor: Actor, today: string): (SQL | undefined)[] {
  return [
    isNull(applications.deletedOn),
    scopeOf(actor),
    eq(applications.appStatus, 'approved'),
    eq(applications.isRenewal, false),
    // the palika's renewal window (settings `renewal`, issue 17 §6)
    sql`${applications.expiryDate} <= ${today}::date + ${renewalWindowSql}`,
  ];
}

/**
 * The renewal reminders of a row (issue 19 §5): when the last one was queued (ISO instant, job
 * or staff), and whether the applicant turned reminders off (profile).
 */
const REMINDER_COLUMNS = {
  lastReminderAt: sql<string | null>`(select to_char(max(rr.created_at) at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS"Z"') from renewal_reminders rr
    where rr.application_id = ${applications.id})`,
  remindersOff: sql<boolean>`exists (select 1 from users ru
    where ru.id = ${applications.userId} and not ru.renewal_reminders)`,
};

/** The renewal list's row query (with any open renewal of each registration). */
function renewalRows(
  db: Db,
  where: SQL | undefined,
  extra: Record<typeof SORT_VALUE, SQL | PgColumn>,
) {
  const renewal = alias(applications, 'renewal');
  return db
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
      ...REMINDER_COLUMNS,
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

/**
 * renewRegistrationList (SPEC §2): approved registrations whose expiry is past or within
 * the renewal window's days (settings), scoped like the list, with the renewal in progress if any.
 * `daysToExpiry` is negative once expired.
 */
export async function listRenewals(db: Db, actor: Actor, q: ListQuery) {
  const today = todayAd();
  const plan = listPlan(RENEWAL_LIST, q, renewalBase(actor, today));
  const page = await plan.page(
    db,
    (where) => renewalRows(db, where, plan.select),
    (w) => countOf(db, w),
  );
  return {
    data: page.rows.map((r) => ({ ...r, daysToExpiry: daysBetween(today, r.expiryDate!) })),
    meta: page.meta,
  };
}

/** renewRegistrationList for an export (issue 7 §4), in keyset batches. */
export async function exportRenewals(db: Db, actor: Actor, q: ExportFilter) {
  const today = todayAd();
  const where = and(...renewalBase(actor, today), ...filterTerms(RENEWAL_LIST, q.filters ?? {}));
  const total = await totalOf(db, where);
  const batches = listBatches(
    RENEWAL_LIST,
    q,
    (seek, orderBy, limit, select) =>
      renewalRows(db, and(where, seek), select)
        .orderBy(...orderBy)
        .limit(limit),
    (rows) => rows.map((r) => ({ ...r, daysToExpiry: daysBetween(today, r.expiryDate!) })),
  );
  return { total, batches };
}

/**
 * Fee estimate before submitting (issue 4 §6: the applicant sees the breakdown first).
 * For a renewal (`renewalOf`, a registration the actor sees, else 404) the timing is as of
 * today. Returns the bill, or the translation key of why there is none.
 */
export async function quote(
  db: Db,
  actor: Actor,
  q: {
    businessTypeId: number;
    capitalCurrent: number;
    rentMonthly: number | null;
    rentTaxPeriodMonths: number | null;
    renewalOf: number | null;
  },
) {
  if (q.renewalOf) await visibleApplication(db, actor, q.renewalOf);
  return estimate(db, {
    fiscalYearId: null,
    businessTypeId: q.businessTypeId,
    capitalCurrent: q.capitalCurrent,
    isRenewal: q.renewalOf != null,
    renewalOfId: q.renewalOf,
    rentMonthly: q.rentMonthly,
    rentTaxPeriodMonths: q.rentTaxPeriodMonths,
  });
}
