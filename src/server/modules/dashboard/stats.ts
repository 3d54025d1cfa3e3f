/**
 * The dashboard's read model: SPEC §3 counts and the chart series of issue 7 §3, scoped like
 * the applications list (DESIGN.md §3) and filtered by fiscal year and ward. Paid amount and
 * revenue in paisa. `revenueByMonth` has the 12 BS months of the fiscal year (the chosen one,
 * else the current one), Shrawan first.
 *
 * Staff dashboards read the counters `application_stats` and `payment_stats` (kept exact by
 * triggers, migration 0009) instead of scanning every application: at 100k applications a
 * scan cost ~100 ms a request (issue 8 §1 asks p99 ≤ 50 ms). An applicant's dashboard counts
 * their own rows (a few, by the user index). Either way the figures and the fiscal year come
 * in one statement, prepared once per shape (issue 18 §3: the dashboard's p99), summed from
 * the same rows, so the counts, the charts and the revenue always agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import { adToBs } from '../../../shared/bs-date.js';
import type { AppStatus } from '../../../shared/lifecycle.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { preparedQuery } from '../../lib/list-prepared.js';
import type { Actor } from '../../lib/scope.js';

/** The dashboard's filters: a fiscal year and a ward (ids). */
export interface DashboardFilter {
  fiscalYearId?: number;
  wardId?: number;
}

export interface StatsRow {
  /** the fiscal year asked for, else the current one; null when there is none */
  fy: { id: number; code: string; nameNe: string } | null;
  counts: Partial<Record<AppStatus, number>> | null;
  byWard: { wardId: number; number: number; n: number }[];
  byType: { id: number; nameEn: string; nameNe: string; n: number }[];
  paid: string;
  daily: { day: string; total: string }[];
  users: number;
  /** the scope's stats_version (statsVersionSql) in the same snapshot as the figures */
  version: string;
}

/**
 * The shape of a dashboard request (what changes its SQL text, never a value) and the values
 * of its placeholders: `uid` (an applicant's own rows), `scopeWard` (a ward admin's ward),
 * `ward` and `fy` (the filters).
 */
export function shapeOf(actor: Actor, filter: DashboardFilter) {
  const kind =
    actor.userType === 'user'
      ? 'own'
      : actor.userType === 'wardadmin'
        ? actor.wardId
          ? 'ward'
          : 'none'
        : 'all';
  const values: Record<string, unknown> = {};
  if (kind === 'own') values.uid = actor.id;
  if (kind === 'ward') values.scopeWard = actor.wardId;
  if (filter.wardId) values.ward = filter.wardId;
  if (filter.fiscalYearId) values.fy = filter.fiscalYearId;
  return {
    kind,
    byWard: !!filter.wardId,
    byYear: !!filter.fiscalYearId,
    key: `dashboard|${kind}|${!!filter.wardId}|${!!filter.fiscalYearId}`,
    values,
  };
}

/** A dashboard request's shape and placeholder values (shapeOf). */
export type Shape = ReturnType<typeof shapeOf>;

/** The ward condition of the shape on column `col`: the admin's ward, the ward filter, both. */
function wardCondition(shape: Shape, col: SQL): SQL {
  if (shape.kind === 'none') return sql`false`;
  const terms = [sql`true`];
  if (shape.kind === 'ward') terms.push(sql`${col} = ${sql.placeholder('scopeWard')}`);
  if (shape.byWard) terms.push(sql`${col} = ${sql.placeholder('ward')}`);
  return sql.join(terms, sql` and `);
}

/**
 * The version of the figures of a staff shape (migration 0019 stats_version): the sum of row 0
 * (what every scope reads) and the rows of the wards in scope. Every change to those figures
 * bumps one of them in its own transaction, and the sum only grows, so an equal version read
 * later means equal figures. An applicant's own figures have none ('').
 */
export function statsVersionSql(shape: Shape): SQL<string> {
  if (shape.kind === 'own') return sql<string>`''`;
  return sql<string>`(select coalesce(sum(version), 0)::text from stats_version
    where ward_id = 0 or (${wardCondition(shape, sql`ward_id`)}))`;
}

/**
 * Rows (ward_id, business_type_id, app_status, registered, n) and (fiscal_year_id, paid_date,
 * total) of the applications and completed payments in scope, and the users count.
 */
function sources(shape: Shape) {
  const fyOf = (col: SQL) => (shape.byYear ? sql`and ${col} = ${sql.placeholder('fy')}` : sql``);
  const wardCond = (col: SQL) => wardCondition(shape, col);
  if (shape.kind === 'own') {
    const own = sql`a.deleted_on is null and a.user_id = ${sql.placeholder('uid')}
      and ${wardCond(sql`a.ward_id`)} ${fyOf(sql`a.fiscal_year_id`)}`;
    return {
      appRows: sql`select a.ward_id, a.business_type_id, a.app_status,
          (not a.is_renewal and a.app_status in ('approved', 'cancelled') and a.registration_no is not null) as registered,
          1 as n
        from applications a where ${own}`,
      payRows: sql`select p.fiscal_year_id, coalesce(p.paid_date, 'infinity'::date) as paid_date,
          p.total
        from payments p join applications a on a.id = p.application_id
        where p.pay_status = 'completed' and ${own}`,
      users: sql`1`,
    };
  }
  // Users: every account for an unfiltered system admin; else those who applied in scope.
  const users =
    shape.kind === 'all' && !shape.byWard && !shape.byYear
      ? sql`(select count(*)::int from users where deleted_on is null)`
      : sql`(select count(distinct a.user_id)::int from applications a
          where a.deleted_on is null and ${wardCond(sql`a.ward_id`)} ${fyOf(sql`a.fiscal_year_id`)})`;
  return {
    appRows: sql`select ward_id, business_type_id, app_status, registered, sum(n)::int as n
      from application_stats
      where ${wardCond(sql`ward_id`)} ${fyOf(sql`fiscal_year_id`)}
      group by 1, 2, 3, 4`,
    payRows: sql`select fiscal_year_id, paid_date, sum(total) as total
      from payment_stats
      where ${wardCond(sql`ward_id`)} ${fyOf(sql`app_fiscal_year_id`)}
      group by 1, 2`,
    users,
  };
}

/**
 * The one statement of a dashboard shape: the fiscal year (asked for, else the current one),
 * and the sources summed into counts, series, revenue and users. The counter rows are grouped
 * once (by ward, business type, status and registration; payments by fiscal year and day) and
 * each figure is summed from those groups; groups that sum to zero (a counter row can fall
 * back to 0) are left out, as no application would give them.
 */
function statsQuery(db: Db, shape: Shape) {
  const { appRows, payRows, users } = sources(shape);
  const fy = shape.byYear
    ? sql`select id, code, name_ne, start_date, end_date from fiscal_years
        where id = ${sql.placeholder('fy')}`
    : sql`select id, code, name_ne, start_date, end_date from fiscal_years
        where is_current and deleted_on is null limit 1`;
  const s = sql.raw('s');
  return db
    .select({
      fy: sql<StatsRow['fy']>`${s}.fy`,
      counts: sql<StatsRow['counts']>`${s}.counts`,
      byWard: sql<StatsRow['byWard']>`${s}.by_ward`,
      byType: sql<StatsRow['byType']>`${s}.by_type`,
      paid: sql<string>`${s}.paid`,
      daily: sql<StatsRow['daily']>`${s}.daily`,
      users: sql<number>`${s}.users`,
      version: sql<string>`${s}.version`,
    })
    .from(
      sql`(with y as (${fy}), a as materialized (${appRows}), p as materialized (${payRows})
      select
        (select json_build_object('id', y.id, 'code', y.code, 'nameNe', y.name_ne) from y) as fy,
        (select json_object_agg(app_status, n) from
          (select app_status, sum(n)::int as n from a group by 1 having sum(n) <> 0) c) as counts,
        (select coalesce(json_agg(json_build_object('wardId', w.id, 'number', w.number, 'n', c.n)
            order by w.number), '[]') from
          (select ward_id, sum(n)::int as n from a where registered group by 1
            having sum(n) <> 0) c
          join wards w on w.id = c.ward_id) as by_ward,
        (select coalesce(json_agg(json_build_object('id', b.id, 'nameEn', b.name_en,
            'nameNe', b.name_ne, 'n', c.n) order by c.n desc, b.id), '[]') from
          (select business_type_id, sum(n)::int as n from a where registered group by 1
            having sum(n) <> 0) c
          join business_types b on b.id = c.business_type_id) as by_type,
        (select coalesce(sum(total), 0)::text from p
          ${shape.byYear ? sql`where fiscal_year_id = ${sql.placeholder('fy')}` : sql``}) as paid,
        (select coalesce(json_agg(json_build_object('day', day, 'total', total::text)), '[]') from
          (select paid_date as day, sum(total) as total from p, y
            where paid_date between y.start_date and y.end_date group by 1) d) as daily,
        ${users} as users,
        ${statsVersionSql(shape)} as version) s`,
    );
}

/** The dashboard's row: one prepared statement per shape (lib/list-prepared.ts preparedQuery). */
export async function statsRow(db: Db, shape: Shape): Promise<StatsRow> {
  const q = preparedQuery<StatsRow>(db, shape.key, () => statsQuery(db, shape));
  const [row] = await q.execute(shape.values);
  return row;
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

/**
 * The dashboard of `actor` with `filter` (see the module comment), in one statement, without
 * the cache (dashboard/cache.ts). Throws AppError 409 NO_FISCAL_YEAR when no fiscal year is
 * asked for and none is current.
 */
export async function dashboardStats(db: Db, actor: Actor, filter: DashboardFilter = {}) {
  return dashboardOf(await statsRow(db, shapeOf(actor, filter)), filter);
}

/** The dashboard's answer from its row (revenue per BS month in this process's calendar). */
export function dashboardOf(row: StatsRow, filter: DashboardFilter) {
  if (!row.fy && !filter.fiscalYearId)
    throw new AppError(409, 'NO_FISCAL_YEAR', 'errors.noFiscalYear');
  const counts = row.counts ?? {};
  const by = (s: AppStatus) => counts[s] ?? 0;
  return {
    total: Object.values(counts).reduce((s, n) => s + (n ?? 0), 0),
    pending: by('pending'),
    verified: by('verified'),
    paid: by('paid'),
    approved: by('approved'),
    rejected: by('rejected'),
    cancelled: by('cancelled'),
    paidAmount: Number(row.paid),
    users: Number(row.users),
    fiscalYear: row.fy,
    byWard: row.byWard,
    byBusinessType: row.byType,
    revenueByMonth: revenueByMonth(row.daily),
  };
}
