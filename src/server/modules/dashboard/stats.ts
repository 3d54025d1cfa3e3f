/**
 * The dashboard's read model: SPEC §3 counts and the chart series of issue 7 §3, scoped like
 * the applications list (DESIGN.md §3) and filtered by fiscal year and ward. Paid amount and
 * revenue in paisa. `revenueByMonth` has the 12 BS months of the fiscal year (the chosen one,
 * else the current one), Shrawan first.
 *
 * Staff dashboards read the counters `application_stats` and `payment_stats` (kept exact by
 * triggers, migration 0009) instead of scanning every application: at 100k applications a
 * scan cost ~100 ms a request (issue 8 §1 asks p99 ≤ 50 ms). An applicant's dashboard counts
 * their own rows (a few, by the user index). Either way the figures come in one statement
 * (plus the fiscal year), grouped per ward, business type, status and registration, and are
 * summed from there, so the counts, the charts and the revenue always agree.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { adToBs } from '../../../shared/bs-date.js';
import type { AppStatus } from '../../../shared/lifecycle.js';
import type { Db } from '../../db/client.js';
import { fiscalYears } from '../../db/schema.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';
import type { Actor } from '../../lib/scope.js';

/** The dashboard's filters: a fiscal year and a ward (ids). */
export interface DashboardFilter {
  fiscalYearId?: number;
  wardId?: number;
}

interface StatsRow {
  counts: Partial<Record<AppStatus, number>>;
  by_ward: { wardId: number; number: number; n: number }[];
  by_type: { id: number; nameEn: string; nameNe: string; n: number }[];
  paid: string;
  daily: { day: string; total: string }[];
  users: number;
}

/**
 * The ward condition of `actor` and `filter` on column `col`: a ward admin sees their ward
 * only, and one without a ward sees nothing.
 */
function wardCondition(actor: Actor, filter: DashboardFilter) {
  const noWard = actor.userType === 'wardadmin' && !actor.wardId;
  const wardIds = [actor.userType === 'wardadmin' ? actor.wardId : null, filter.wardId].filter(
    (w): w is number => !!w,
  );
  return (col: SQL) =>
    noWard
      ? sql`false`
      : sql.join([sql`true`, ...wardIds.map((w) => sql`${col} = ${w}`)], sql` and `);
}

/**
 * Rows (ward_id, business_type_id, app_status, registered, n) and (fiscal_year_id, paid_date,
 * total) of the applications and completed payments in scope, and the users count.
 */
function sources(actor: Actor, filter: DashboardFilter) {
  const fyId = filter.fiscalYearId;
  const wardCond = wardCondition(actor, filter);
  const fyOf = (col: SQL) => (fyId ? sql`and ${col} = ${fyId}` : sql``);
  if (actor.userType === 'user') {
    const own = sql`a.deleted_on is null and a.user_id = ${actor.id} and ${wardCond(sql`a.ward_id`)}
      ${fyOf(sql`a.fiscal_year_id`)}`;
    return {
      appRows: sql`select a.ward_id, a.business_type_id, a.app_status,
          (not a.is_renewal and a.app_status in ('approved', 'cancelled') and a.registration_no is not null) as registered,
          count(*)::int as n
        from applications a where ${own} group by 1, 2, 3, 4`,
      payRows: sql`select p.fiscal_year_id, coalesce(p.paid_date, 'infinity'::date) as paid_date,
          sum(p.total) as total
        from payments p join applications a on a.id = p.application_id
        where p.pay_status = 'completed' and ${own} group by 1, 2`,
      users: sql`1`,
    };
  }
  // Users: every account for an unfiltered system admin; else those who applied in scope.
  const users =
    actor.userType === 'systemadmin' && !filter.wardId && !fyId
      ? sql`(select count(*)::int from users where deleted_on is null)`
      : sql`(select count(distinct a.user_id)::int from applications a
          where a.deleted_on is null and ${wardCond(sql`a.ward_id`)} ${fyOf(sql`a.fiscal_year_id`)})`;
  return {
    appRows: sql`select ward_id, business_type_id, app_status, registered, sum(n)::int as n
      from application_stats
      where ${wardCond(sql`ward_id`)} ${fyOf(sql`fiscal_year_id`)}
      group by 1, 2, 3, 4 having sum(n) <> 0`,
    payRows: sql`select fiscal_year_id, paid_date, sum(total) as total
      from payment_stats
      where ${wardCond(sql`ward_id`)} ${fyOf(sql`app_fiscal_year_id`)}
      group by 1, 2`,
    users,
  };
}

/** The one statement that sums the sources into counts, series, revenue and users. */
async function statsRow(
  db: Db,
  actor: Actor,
  filter: DashboardFilter,
  fy: { startDate: string; endDate: string } | undefined,
): Promise<StatsRow> {
  const fyId = filter.fiscalYearId;
  const { appRows, payRows, users } = sources(actor, filter);
  const res = (await db.execute(sql`
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
      ${users} as users`)) as unknown as { rows: StatsRow[] };
  return res.rows[0];
}

/** Revenue per BS month of the fiscal year: Shrawan (4) … Chaitra (12), Baishakh (1) … Ashadh (3). */
function revenueByMonth(daily: StatsRow['daily']) {
  const months = [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3].map((month) => ({ month, total: 0 }));
  for (const d of daily) {
    const m = adToBs(d.day).month;
    months.find((r) => r.month === m)!.total += Number(d.total);
  }
  return months;
}

/** The dashboard of `actor` with `filter` (see the module comment). */
export async function dashboardStats(db: Db, actor: Actor, filter: DashboardFilter = {}) {
  const [fy] = filter.fiscalYearId
    ? await db.select().from(fiscalYears).where(eq(fiscalYears.id, filter.fiscalYearId))
    : [await currentFiscalYear(db)];
  const row = await statsRow(db, actor, filter, fy);
  const by = (s: AppStatus) => row.counts[s] ?? 0;
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
    revenueByMonth: revenueByMonth(row.daily),
  };
}
